#include <windows.h>

#include "platform/file_identity.h"

namespace winml::platform {
namespace {

// 100 ns ticks between 1601-01-01 (FILETIME's epoch) and 1970-01-01 (the Unix epoch).
constexpr std::int64_t kUnixEpochTicks = 116'444'736'000'000'000;

// Without FILE_FLAG_OPEN_REPARSE_POINT a symbolic link is followed, as stat() follows it.
// FILE_FLAG_BACKUP_SEMANTICS is what lets CreateFileW open a folder.
HANDLE open_for(const std::filesystem::path& path, DWORD access) {
  return ::CreateFileW(path.wstring().c_str(), access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                       OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
}

}  // namespace

std::optional<FileIdentity> file_identity(const std::filesystem::path& path) {
  HANDLE file = open_for(path, FILE_READ_ATTRIBUTES);
  if (file == INVALID_HANDLE_VALUE) return std::nullopt;
  BY_HANDLE_FILE_INFORMATION info{};
  const bool regular = ::GetFileType(file) == FILE_TYPE_DISK && ::GetFileInformationByHandle(file, &info) != 0 &&
                       (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) == 0;
  ::CloseHandle(file);
  if (!regular) return std::nullopt;
  FileIdentity id;
  id.size = (std::uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
  const std::int64_t ticks = static_cast<std::int64_t>((std::uint64_t{info.ftLastWriteTime.dwHighDateTime} << 32) |
                                                       info.ftLastWriteTime.dwLowDateTime);
  id.mtime_ns = (ticks - kUnixEpochTicks) * 100;
  return id;
}

bool sync_to_disk(const std::filesystem::path& path) {
  // FlushFileBuffers needs write access. A folder's entries are metadata, which NTFS commits
  // through its journal; Windows has no flush for a folder handle, so a folder counts as synced
  // once it can be opened.
  const DWORD attributes = ::GetFileAttributesW(path.wstring().c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return false;
  if ((attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) return true;
  HANDLE file = open_for(path, GENERIC_WRITE);
  if (file == INVALID_HANDLE_VALUE) return false;
  const bool ok = ::FlushFileBuffers(file) != 0;
  return ::CloseHandle(file) != 0 && ok;
}

}  // namespace winml::platform
