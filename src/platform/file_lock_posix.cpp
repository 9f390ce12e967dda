#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "platform/file_lock_handle.h"
#include "winml/errors.h"

namespace winml::platform::lock_file {

namespace fs = std::filesystem;

std::intptr_t open(const fs::path& file) {
  std::error_code ec;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  // O_NOFOLLOW: a lock file planted as a link (a bundle can ship `_compiled/.lock`) must not make
  // us create or open a file elsewhere.
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0 && errno == ELOOP) {
    throw Error(ErrorCategory::runtime, fmt::format("the lock file {} is a symbolic link; winml does not follow it. "
                                                    "Remove the link and retry.",
                                                    file.string()));
  }
  if (fd < 0) {
    throw Error(ErrorCategory::runtime, fmt::format("cannot open the lock file {}: {}. Check that its folder is "
                                                    "writable.",
                                                    file.string(), std::strerror(errno)));
  }
  return fd;
}

bool try_lock(std::intptr_t handle, LockMode mode, const fs::path& file) {
  const int fd = static_cast<int>(handle);
  int op = (mode == LockMode::exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB;
  while (::flock(fd, op) != 0) {
    if (errno == EWOULDBLOCK) return false;
    if (errno == EINTR) continue;
    throw Error(ErrorCategory::runtime, fmt::format("cannot lock {}: {}. Use a local file system that supports flock.",
                                                    file.string(), std::strerror(errno)));
  }
  return true;
}

void record_holder(std::intptr_t handle) {
  const int fd = static_cast<int>(handle);
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) {
    [[maybe_unused]] ssize_t n = ::pwrite(fd, pid.data(), pid.size(), 0);
  }
}

std::string holder_of(std::intptr_t handle) {
  const int fd = static_cast<int>(handle);
  char buffer[32] = {};
  ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string text = n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "another process" : "process " + text;
}

void close(std::intptr_t handle) noexcept {
  if (handle >= 0) ::close(static_cast<int>(handle));  // closing the last descriptor releases the flock
}

}  // namespace winml::platform::lock_file
