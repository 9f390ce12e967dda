#include <windows.h>

#include <random>
#include <string>

#include "platform/file_kind.h"
#include "platform/signal_cleanup.h"
#include "platform/temp_file.h"
#include "platform/utf16_win32.h"

namespace winml::platform {

FileKind file_kind(const std::filesystem::path& path) {
  // Follows symbolic links (no FILE_FLAG_OPEN_REPARSE_POINT); FILE_FLAG_BACKUP_SEMANTICS opens folders.
  HANDLE file = ::CreateFileW(path.wstring().c_str(), FILE_READ_ATTRIBUTES,
                              FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                              FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (file == INVALID_HANDLE_VALUE) {
    // A file another program holds without sharing still exists: ask its attributes instead.
    const DWORD attributes = ::GetFileAttributesW(path.wstring().c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) return FileKind::missing;
    return (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0 ? FileKind::directory : FileKind::regular;
  }
  FileKind kind = FileKind::special;  // a console, NUL, a pipe: never a file winml may replace
  BY_HANDLE_FILE_INFORMATION info{};
  if (::GetFileType(file) == FILE_TYPE_DISK && ::GetFileInformationByHandle(file, &info) != 0) {
    kind = (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0 ? FileKind::directory : FileKind::regular;
  }
  ::CloseHandle(file);
  return kind;
}

std::string file_creation_problem(const std::filesystem::path& dir) {
  // Named and registered like a TempFile (temp_file.h), so that an interrupt between creating and
  // deleting the probe cannot leave it behind. FILE_FLAG_DELETE_ON_CLOSE removes it with the handle.
  std::mt19937 engine{std::random_device{}()};
  const std::string probe = temp_path_prefix(dir / ".winml-probe") + std::to_string(100000 + engine() % 900000);
  HANDLE file = ::CreateFileW(win32::widen(probe).c_str(), GENERIC_WRITE, FILE_SHARE_DELETE, nullptr, CREATE_NEW,
                              FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, nullptr);
  if (file == INVALID_HANDLE_VALUE) return win32::error_text(::GetLastError());
  const TempRegistration registration = register_temp_path(probe.c_str());
  ::CloseHandle(file);
  unregister_temp_path(registration);
  return {};
}

}  // namespace winml::platform
