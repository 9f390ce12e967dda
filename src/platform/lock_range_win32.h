#pragma once
// For the *_win32.cpp files only: the advisory lock winml takes on a lock file or a temporary file.
// Windows byte-range locks are enforced for the bytes they cover (nobody else can read them), so
// the lock covers one byte far past any content: the content (a lock holder's pid, a temporary
// file's data) stays readable by everyone while the lock still tells holders apart. Like flock, the
// system drops the lock when the handle is closed or its process dies, however it dies.

namespace winml::platform::win32 {

enum class LockAttempt {
  locked,  ///< the lock is ours now
  busy,    ///< another handle holds it in a conflicting mode
  failed,  ///< the file system refused (see GetLastError())
};

/// Tries once, without waiting, to lock the file open as `handle` (a HANDLE), exclusively or shared.
LockAttempt try_lock_range(void* handle, bool exclusive);

}  // namespace winml::platform::win32
