#include <windows.h>

#include <string>

#include "platform/lock_range_win32.h"
#include "platform/temp_sweep_check.h"

namespace winml::platform::temp_sweep {
namespace {

namespace fs = std::filesystem;

constexpr ULONGLONG kStaleAfter100ns = 60ull * 10'000'000;  // a minute in FILETIME units

bool process_exists(long pid) {
  if (pid <= 0) return false;
  HANDLE process = ::OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
  if (process == nullptr) return ::GetLastError() == ERROR_ACCESS_DENIED;  // someone else's live process
  const bool running = ::WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
  ::CloseHandle(process);
  return running;
}

ULONGLONG as_number(FILETIME time) { return (ULONGLONG{time.dwHighDateTime} << 32) | time.dwLowDateTime; }

}  // namespace

bool is_stale(const fs::path& path, const std::optional<long>& writer) {
  // FILE_FLAG_OPEN_REPARSE_POINT: never follow a link that happens to match.
  HANDLE file =
      ::CreateFileW(path.wstring().c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                    nullptr, OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (file == INVALID_HANDLE_VALUE) return false;
  BY_HANDLE_FILE_INFORMATION info{};
  bool stale = ::GetFileType(file) == FILE_TYPE_DISK && ::GetFileInformationByHandle(file, &info) != 0 &&
               (info.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)) == 0 &&
               win32::try_lock_range(file, /*exclusive=*/true) == win32::LockAttempt::locked;
  if (stale) {
    FILETIME now{};
    ::GetSystemTimeAsFileTime(&now);
    const bool old = as_number(now) - as_number(info.ftLastWriteTime) > kStaleAfter100ns;
    const bool writer_gone =
        writer && *writer != static_cast<long>(::GetCurrentProcessId()) && !process_exists(*writer);
    stale = old || writer_gone;
  }
  ::CloseHandle(file);
  return stale;
}

bool remove(const fs::path& path) { return ::DeleteFileW(path.wstring().c_str()) != 0; }

}  // namespace winml::platform::temp_sweep
