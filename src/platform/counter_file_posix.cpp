// POSIX: open once, pread from offset 0 at every read (procfs and sysfs regenerate the text).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include "platform/counter_file.h"

namespace winml::platform {

CounterFile::CounterFile(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error_ = std::strerror(errno);
    return;
  }
  handle_ = fd;
}

void CounterFile::close() noexcept {
  if (handle_ != kClosed) ::close(static_cast<int>(handle_));
  handle_ = kClosed;
}

std::string_view CounterFile::read(std::span<char> buffer) const noexcept {
  if (handle_ == kClosed || buffer.empty()) return {};
  const ssize_t got = ::pread(static_cast<int>(handle_), buffer.data(), buffer.size(), 0);
  if (got <= 0) return {};
  return {buffer.data(), static_cast<std::size_t>(got)};
}

}  // namespace winml::platform
