#pragma once
/// \file
/// An advisory lock on a lock file (flock on POSIX, LockFileEx on Windows). The system drops it when
/// the holder exits, even when killed, so a crashed run never leaves a stale lock behind. Locks
/// taken through two separate FileLock objects exclude each other even inside one process (both
/// systems tie the lock to the open file, not to the process), which makes the lock usable between
/// threads as well as between processes.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>

namespace winml::platform {

/// Who may hold the lock together.
enum class LockMode {
  exclusive,  ///< one holder, no shared holders
  shared,     ///< any number of shared holders, no exclusive one
};

/// RAII holder of a lock on one file. The lock file is created when missing and never deleted:
/// deleting it would let a later locker lock a new file while an old holder still holds the old one.
class FileLock {
 public:
  /// Waits up to `wait` for the lock, calling on_wait once if it is not free at once. Throws
  /// winml::Error (runtime) naming the file and the holder's pid when the wait runs out, or when the
  /// file cannot be opened.
  FileLock(const std::filesystem::path& file, LockMode mode, std::chrono::milliseconds wait,
           const std::function<void()>& on_wait = {});
  /// Takes the lock only when it is free now.
  static std::optional<FileLock> try_lock(const std::filesystem::path& file, LockMode mode);
  ~FileLock();
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  /// The lock file.
  const std::filesystem::path& file() const { return file_; }
  /// Exclusive or shared.
  LockMode mode() const { return mode_; }

 private:
  FileLock(std::filesystem::path file, LockMode mode, std::intptr_t handle);
  std::filesystem::path file_;
  LockMode mode_ = LockMode::exclusive;
  std::intptr_t handle_ = -1;  ///< the open lock file: a descriptor on POSIX, a HANDLE on Windows
};

}  // namespace winml::platform
