#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "platform/file_lock.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

int open_lock_file(const fs::path& file) {
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

// Returns true when locked, false when someone else holds it; throws on other errors.
bool try_flock(int fd, LockMode mode, const fs::path& file) {
  int op = (mode == LockMode::exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB;
  while (::flock(fd, op) != 0) {
    if (errno == EWOULDBLOCK) return false;
    if (errno == EINTR) continue;
    throw Error(ErrorCategory::runtime, fmt::format("cannot lock {}: {}. Use a local file system that supports flock.",
                                                    file.string(), std::strerror(errno)));
  }
  return true;
}

// An exclusive holder writes its pid into the file, only so that a waiter can name it.
void record_holder(int fd) {
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) {
    [[maybe_unused]] ssize_t n = ::pwrite(fd, pid.data(), pid.size(), 0);
  }
}

std::string holder_of(int fd) {
  char buffer[32] = {};
  ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string text = n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "another process" : "process " + text;
}

}  // namespace

FileLock::FileLock(fs::path file, LockMode mode, int fd) : file_(std::move(file)), mode_(mode), fd_(fd) {}

FileLock::FileLock(const fs::path& file, LockMode mode, std::chrono::milliseconds wait,
                   const std::function<void()>& on_wait)
    : file_(file), mode_(mode), fd_(open_lock_file(file)) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  bool told = false;
  // flock has no timed wait, so poll; a preparation takes seconds to minutes, 20 ms is plenty.
  while (!try_flock(fd_, mode, file_)) {
    if (!told && on_wait) on_wait();
    told = true;
    if (std::chrono::steady_clock::now() >= deadline) {
      std::string holder = holder_of(fd_);
      ::close(fd_);
      fd_ = -1;
      throw Error(ErrorCategory::runtime,
                  fmt::format("{} still holds the lock {} after {:.0f} s. Wait for that run to finish, or stop "
                              "it, then retry.",
                              holder, file.string(), std::chrono::duration<double>(wait).count()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (mode == LockMode::exclusive) record_holder(fd_);
}

std::optional<FileLock> FileLock::try_lock(const fs::path& file, LockMode mode) {
  int fd = open_lock_file(file);
  bool locked = false;
  try {
    locked = try_flock(fd, mode, file);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (!locked) {
    ::close(fd);
    return std::nullopt;
  }
  if (mode == LockMode::exclusive) record_holder(fd);
  return FileLock(file, mode, fd);
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

FileLock::FileLock(FileLock&& other) noexcept
    : file_(std::move(other.file_)), mode_(other.mode_), fd_(std::exchange(other.fd_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    file_ = std::move(other.file_);
    mode_ = other.mode_;
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

}  // namespace winml::platform
