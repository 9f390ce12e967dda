// The portable half of file_lock.h: waiting, naming the holder, ownership. The system calls are in
// file_lock_posix.cpp (flock) and file_lock_win32.cpp (LockFileEx).
#include <string>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "platform/file_lock.h"
#include "platform/file_lock_handle.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"

namespace winml::platform {

namespace fs = std::filesystem;

FileLock::FileLock(fs::path file, LockMode mode, std::intptr_t handle)
    : file_(std::move(file)), mode_(mode), handle_(handle) {}

FileLock::FileLock(const fs::path& file, LockMode mode, std::chrono::milliseconds wait,
                   const std::function<void()>& on_wait)
    : file_(file), mode_(mode), handle_(lock_file::open(file)) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  bool told = false;
  // Neither flock nor LockFileEx has a timed wait, so poll; a preparation takes seconds to
  // minutes, 20 ms is plenty.
  while (!lock_file::try_lock(handle_, mode, file_)) {
    if (!told && on_wait) on_wait();
    told = true;
    if (std::chrono::steady_clock::now() >= deadline) {
      std::string holder = lock_file::holder_of(handle_);
      lock_file::close(std::exchange(handle_, -1));
      throw Error(ErrorCategory::runtime,
                  fmt::format("{} still holds the lock {} after {:.0f} s. Wait for that run to finish, or stop "
                              "it, then retry.",
                              holder, utf8_string(file), std::chrono::duration<double>(wait).count()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (mode == LockMode::exclusive) lock_file::record_holder(handle_);
}

std::optional<FileLock> FileLock::try_lock(const fs::path& file, LockMode mode) {
  const std::intptr_t handle = lock_file::open(file);
  bool locked = false;
  try {
    locked = lock_file::try_lock(handle, mode, file);
  } catch (...) {
    lock_file::close(handle);
    throw;
  }
  if (!locked) {
    lock_file::close(handle);
    return std::nullopt;
  }
  if (mode == LockMode::exclusive) lock_file::record_holder(handle);
  return FileLock(file, mode, handle);
}

FileLock::~FileLock() { lock_file::close(handle_); }

FileLock::FileLock(FileLock&& other) noexcept
    : file_(std::move(other.file_)), mode_(other.mode_), handle_(std::exchange(other.handle_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    lock_file::close(handle_);
    file_ = std::move(other.file_);
    mode_ = other.mode_;
    handle_ = std::exchange(other.handle_, -1);
  }
  return *this;
}

}  // namespace winml::platform
