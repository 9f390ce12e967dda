#pragma once
// For signal_cleanup only: deleting a registered temporary file from an interrupt handler.

namespace winml::platform {

/// Deletes the file at UTF-8 `path`, ignoring failure. Async-signal-safe on POSIX (unlink); on
/// Windows it runs on the console control handler's own thread, where allocating is allowed.
void remove_file_now(const char* path) noexcept;

}  // namespace winml::platform
