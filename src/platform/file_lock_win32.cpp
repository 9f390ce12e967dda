#include <windows.h>

#include <string>

#include <fmt/format.h>

#include "platform/file_lock_handle.h"
#include "platform/lock_range_win32.h"
#include "platform/utf16_win32.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"

namespace winml::platform::lock_file {
namespace {

HANDLE as_handle(std::intptr_t handle) { return reinterpret_cast<HANDLE>(handle); }

}  // namespace

namespace fs = std::filesystem;

std::intptr_t open(const fs::path& file) {
  std::error_code ec;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  // FILE_FLAG_OPEN_REPARSE_POINT opens a link itself rather than what it names: a lock file
  // planted as a link (a bundle can ship `_compiled/.lock`) must not make us open a file elsewhere.
  // Not inheritable: a child process (the compile worker) must not keep the lock alive.
  HANDLE handle = ::CreateFileW(file.wstring().c_str(), GENERIC_READ | GENERIC_WRITE,
                                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_ALWAYS,
                                FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (handle == INVALID_HANDLE_VALUE) {
    throw Error(ErrorCategory::runtime, fmt::format("cannot open the lock file {}: {} Check that its folder is "
                                                    "writable.",
                                                    utf8_string(file), win32::error_text(::GetLastError())));
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (::GetFileInformationByHandle(handle, &info) != 0 && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0) {
    ::CloseHandle(handle);
    throw Error(ErrorCategory::runtime, fmt::format("the lock file {} is a symbolic link; winml does not follow it. "
                                                    "Remove the link and retry.",
                                                    utf8_string(file)));
  }
  return reinterpret_cast<std::intptr_t>(handle);
}

bool try_lock(std::intptr_t handle, LockMode mode, const fs::path& file) {
  switch (win32::try_lock_range(as_handle(handle), mode == LockMode::exclusive)) {
    case win32::LockAttempt::locked:
      return true;
    case win32::LockAttempt::busy:
      return false;
    case win32::LockAttempt::failed:
      break;
  }
  throw Error(ErrorCategory::runtime, fmt::format("cannot lock {}: {} Use a local file system that supports locks.",
                                                  utf8_string(file), win32::error_text(::GetLastError())));
}

void record_holder(std::intptr_t handle) {
  const std::string pid = std::to_string(::GetCurrentProcessId()) + "\n";
  FILE_END_OF_FILE_INFO empty{};
  ::SetFileInformationByHandle(as_handle(handle), FileEndOfFileInfo, &empty, sizeof empty);
  OVERLAPPED at{};
  DWORD written = 0;
  ::WriteFile(as_handle(handle), pid.data(), static_cast<DWORD>(pid.size()), &written, &at);
}

std::string holder_of(std::intptr_t handle) {
  char buffer[32] = {};
  OVERLAPPED at{};
  DWORD read = 0;
  std::string text;
  if (::ReadFile(as_handle(handle), buffer, sizeof buffer - 1, &read, &at) != 0) text.assign(buffer, read);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "another process" : "process " + text;
}

void close(std::intptr_t handle) noexcept {
  if (handle != -1) ::CloseHandle(as_handle(handle));  // closing the handle releases the lock
}

}  // namespace winml::platform::lock_file
