#include "platform/lock_range_win32.h"

#include <windows.h>

namespace winml::platform::win32 {
namespace {

// 2^62: beyond the end of any file winml writes, and within the range every Windows file system
// accepts for a lock.
constexpr DWORD kOffsetHigh = 0x40000000;

}  // namespace

LockAttempt try_lock_range(void* handle, bool exclusive) {
  OVERLAPPED at{};
  at.Offset = 0;
  at.OffsetHigh = kOffsetHigh;
  const DWORD flags = LOCKFILE_FAIL_IMMEDIATELY | (exclusive ? LOCKFILE_EXCLUSIVE_LOCK : 0);
  if (::LockFileEx(static_cast<HANDLE>(handle), flags, 0, 1, 0, &at) != 0) return LockAttempt::locked;
  return ::GetLastError() == ERROR_LOCK_VIOLATION ? LockAttempt::busy : LockAttempt::failed;
}

}  // namespace winml::platform::win32
