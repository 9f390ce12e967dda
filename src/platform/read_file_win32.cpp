#include <windows.h>

#include <stdio.h>

#include <algorithm>

#include "platform/read_file.h"
#include "platform/utf16_win32.h"

namespace winml::platform {
namespace {

// n + 1, or n when that would wrap.
std::uint64_t saturating_plus_one(std::uint64_t n) { return n == UINT64_MAX ? n : n + 1; }

constexpr DWORD kReadChunk = DWORD{1} << 16;

FileRead read_refused(ReadProblem what, std::uint64_t size = 0, std::string reason = {}) {
  FileRead read;
  read.problem = what;
  read.size = size;
  read.reason = std::move(reason);
  return read;
}

FileRead read_failure(DWORD error) {
  if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND || error == ERROR_INVALID_NAME) {
    return read_refused(ReadProblem::missing);
  }
  if (error == ERROR_PIPE_BUSY) return read_refused(ReadProblem::special);
  return read_refused(ReadProblem::unreadable, 0, win32::error_text(error));
}

class ReadHandle {
 public:
  explicit ReadHandle(HANDLE handle) : handle_(handle) {}
  ~ReadHandle() {
    if (handle_ != INVALID_HANDLE_VALUE) ::CloseHandle(handle_);
  }
  ReadHandle(const ReadHandle&) = delete;
  ReadHandle& operator=(const ReadHandle&) = delete;
  HANDLE get() const { return handle_; }

 private:
  HANDLE handle_;
};

// Appends up to `want` bytes to `out` from the handle's position; false on an error (GetLastError).
// A pipe whose writer has gone reads as its end.
bool read_appending(HANDLE file, std::string& out, std::uint64_t want) {
  while (want > 0) {
    const DWORD piece = want < kReadChunk ? static_cast<DWORD>(want) : kReadChunk;
    const std::size_t old = out.size();
    out.resize(old + piece);
    DWORD n = 0;
    if (::ReadFile(file, out.data() + old, piece, &n, nullptr) == 0) {
      out.resize(old);
      return ::GetLastError() == ERROR_BROKEN_PIPE;
    }
    out.resize(old + n);
    if (n == 0) break;
    want -= n;
  }
  return true;
}

}  // namespace

std::FILE* open_regular_file(const std::filesystem::path& path, FileRead& why) {
  // Checked on a handle first; a path on Windows cannot turn into a pipe (pipes live under
  // \\.\pipe\), so the check stands for the stream opened after it.
  why = read_file_bounded(path, ReadLimits{.max_bytes = UINT64_MAX, .check_only = true});
  if (why.problem != ReadProblem::none) return nullptr;
  std::FILE* file = ::_wfopen(path.c_str(), L"rb");
  if (file == nullptr) why = read_failure(::GetLastError());
  return file;
}

FileRead read_file_bounded(const std::filesystem::path& path, const ReadLimits& limits) {
  // Follows links (no FILE_FLAG_OPEN_REPARSE_POINT); FILE_FLAG_BACKUP_SEMANTICS opens a folder, so
  // that it is named as one. Opening never waits: a named pipe with no free instance fails at once.
  const ReadHandle file(::CreateFileW(path.wstring().c_str(), GENERIC_READ,
                                      FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                      FILE_FLAG_BACKUP_SEMANTICS, nullptr));
  if (file.get() == INVALID_HANDLE_VALUE) {
    const DWORD error = ::GetLastError();
    const DWORD attributes = ::GetFileAttributesW(path.wstring().c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
      return read_refused(ReadProblem::folder);
    }
    return read_failure(error);
  }
  const DWORD type = ::GetFileType(file.get());
  FileRead read;
  if (type == FILE_TYPE_PIPE && limits.allow_pipe) {
    if (limits.check_only) return read;
    if (!read_appending(file.get(), read.bytes, saturating_plus_one(limits.max_bytes)))
      return read_failure(::GetLastError());
    read.size = read.bytes.size();
    if (read.bytes.size() > limits.max_bytes) return read_refused(ReadProblem::too_large, read.size);
    return read;
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (type != FILE_TYPE_DISK || ::GetFileInformationByHandle(file.get(), &info) == 0) {
    return read_refused(ReadProblem::special);  // a console, NUL, a pipe, a serial port
  }
  if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) return read_refused(ReadProblem::folder);
  const std::uint64_t size = (std::uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
  if (limits.offset > size) return read_refused(ReadProblem::short_file, size);
  const std::uint64_t rest = size - limits.offset;
  const std::uint64_t want = limits.length.value_or(rest);
  if (want > rest) return read_refused(ReadProblem::short_file, size);
  if (want > limits.max_bytes) return read_refused(ReadProblem::too_large, want);
  if (limits.check_only) {
    read.size = size;
    return read;
  }
  LARGE_INTEGER start{};
  start.QuadPart = static_cast<LONGLONG>(limits.offset);
  if (::SetFilePointerEx(file.get(), start, nullptr, FILE_BEGIN) == 0) return read_failure(::GetLastError());
  read.bytes.reserve(static_cast<std::size_t>(want));
  // One byte more than expected shows a file that grew while it was read (read to the bound).
  const std::uint64_t take =
      limits.length ? want : std::min(saturating_plus_one(want), saturating_plus_one(limits.max_bytes));
  if (!read_appending(file.get(), read.bytes, take)) return read_failure(::GetLastError());
  read.size = size;
  if (read.bytes.size() > limits.max_bytes) return read_refused(ReadProblem::too_large, read.bytes.size());
  if (limits.length && read.bytes.size() < want) return read_refused(ReadProblem::short_file, size);
  return read;
}

}  // namespace winml::platform
