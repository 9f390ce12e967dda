#include <windows.h>

#include <algorithm>
#include <random>
#include <string>

#include "platform/lock_range_win32.h"
#include "platform/temp_file.h"
#include "platform/utf16_win32.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

HANDLE as_handle(std::intptr_t handle) { return reinterpret_cast<HANDLE>(handle); }

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& what, DWORD code) {
  throw Error(ErrorCategory::runtime, "cannot write " + utf8_string(target) + ": " + what + " (" +
                                          win32::error_text(code) +
                                          "). Check that the folder exists and is writable, or choose another path.");
}

std::string random_suffix() {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  thread_local std::mt19937 engine{std::random_device{}()};
  std::uniform_int_distribution<std::size_t> pick(0, sizeof kChars - 2);
  std::string suffix(6, ' ');
  for (char& c : suffix) c = kChars[pick(engine)];
  return suffix;
}

}  // namespace

TempFile::TempFile(const std::filesystem::path& target) : target_(target) {
  // DELETE access and FILE_SHARE_DELETE let commit() rename the file while it is still open (and
  // locked), and let an interrupt delete it. Not inheritable: a child process (the compile worker)
  // must not keep the file and its lock alive.
  for (int attempt = 0; handle_ == -1; ++attempt) {
    path_ = temp_path_prefix(target) + random_suffix();
    HANDLE handle = ::CreateFileW(win32::widen(path_).c_str(), GENERIC_READ | GENERIC_WRITE | DELETE,
                                  FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, CREATE_NEW,
                                  FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle != INVALID_HANDLE_VALUE) {
      handle_ = reinterpret_cast<std::intptr_t>(handle);
      break;
    }
    const DWORD code = ::GetLastError();
    if (code != ERROR_FILE_EXISTS || attempt >= 100) fail(target, "cannot create a temporary file", code);
  }
  registration_ = register_temp_path(path_.c_str());
  // The lock tells a sweeping run that this file's writer is alive (see temp_sweep.h).
  win32::try_lock_range(as_handle(handle_), /*exclusive=*/true);
}

TempFile::~TempFile() {
  close_handle();
  if (!committed_) {
    ::DeleteFileW(win32::widen(path_).c_str());
    unregister_temp_path(registration_);
  }
}

void TempFile::close_handle() noexcept {
  if (handle_ != -1) ::CloseHandle(as_handle(handle_));
  handle_ = -1;
}

void TempFile::write(const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30));
    DWORD written = 0;
    if (::WriteFile(as_handle(handle_), bytes, chunk, &written, nullptr) == 0) {
      fail(target_, "write failed", ::GetLastError());
    }
    bytes += written;
    size -= written;
  }
}

bool TempFile::commit(bool overwrite) {
  // The handle (and with it the lock that marks the writer alive) stays open until the rename.
  if (::FlushFileBuffers(as_handle(handle_)) == 0) fail(target_, "flush failed", ::GetLastError());
  // Without MOVEFILE_REPLACE_EXISTING the move fails when the target exists, atomically: no window
  // for a second writer. MOVEFILE_WRITE_THROUGH returns only once the new name is on disk.
  const DWORD flags = MOVEFILE_WRITE_THROUGH | (overwrite ? MOVEFILE_REPLACE_EXISTING : 0);
  if (::MoveFileExW(win32::widen(path_).c_str(), target_.wstring().c_str(), flags) == 0) {
    const DWORD code = ::GetLastError();
    if (!overwrite && (code == ERROR_ALREADY_EXISTS || code == ERROR_FILE_EXISTS)) return false;
    fail(target_, overwrite ? "rename failed" : "cannot create the file", code);
  }
  committed_ = true;
  close_handle();
  unregister_temp_path(registration_);
  return true;
}

}  // namespace winml::platform
