#pragma once
// For file_lock.cpp and its per-system halves only: the operations FileLock is built from, on the
// open lock file (a descriptor on POSIX, a HANDLE on Windows, both held as std::intptr_t).

#include <cstdint>
#include <filesystem>
#include <string>

#include "platform/file_lock.h"

namespace winml::platform::lock_file {

/// Opens (creating when missing) the lock file, refusing a symbolic link. Throws winml::Error
/// (runtime) naming the file when it cannot.
std::intptr_t open(const std::filesystem::path& file);

/// Tries once, without waiting: true when locked, false when another holder conflicts. Throws
/// winml::Error (runtime) when the file system cannot lock at all.
bool try_lock(std::intptr_t handle, LockMode mode, const std::filesystem::path& file);

/// Writes this process's id into the file, only so that a waiter can name the holder.
void record_holder(std::intptr_t handle);

/// "process <pid>" as the holder recorded it, or "another process".
std::string holder_of(std::intptr_t handle);

/// Closes the file, which releases the lock; -1 is ignored.
void close(std::intptr_t handle) noexcept;

}  // namespace winml::platform::lock_file
