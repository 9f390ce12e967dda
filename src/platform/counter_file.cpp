// The portable part of CounterFile: ownership of the handle. Opening, reading and closing it are
// the system's (counter_file_posix.cpp, counter_file_win32.cpp).
#include "platform/counter_file.h"

#include <utility>

namespace winml::platform {

CounterFile::~CounterFile() { close(); }

CounterFile::CounterFile(CounterFile&& other) noexcept
    : handle_(std::exchange(other.handle_, kClosed)), error_(std::move(other.error_)) {}

CounterFile& CounterFile::operator=(CounterFile&& other) noexcept {
  if (this != &other) {
    close();
    handle_ = std::exchange(other.handle_, kClosed);
    error_ = std::move(other.error_);
  }
  return *this;
}

}  // namespace winml::platform
