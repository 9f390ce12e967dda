#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "platform/read_file.h"

namespace winml::platform {
namespace {

// n + 1, or n when that would wrap.
std::uint64_t saturating_plus_one(std::uint64_t n) { return n == UINT64_MAX ? n : n + 1; }

constexpr std::size_t kReadChunk = std::size_t{1} << 16;

// What a stat says, as a problem for a read (none: a regular file, or an allowed pipe).
ReadProblem read_kind_problem(const struct stat& info, bool allow_pipe) {
  if (S_ISREG(info.st_mode)) return ReadProblem::none;
  if (S_ISDIR(info.st_mode)) return ReadProblem::folder;
  if (S_ISFIFO(info.st_mode) && allow_pipe) return ReadProblem::none;
  return ReadProblem::special;
}

FileRead read_refused(ReadProblem what, std::uint64_t size = 0, std::string reason = {}) {
  FileRead read;
  read.problem = what;
  read.size = size;
  read.reason = std::move(reason);
  return read;
}

FileRead read_failure(int error) {
  if (error == ENOENT || error == ENOTDIR) return read_refused(ReadProblem::missing);
  if (error == ENXIO) return read_refused(ReadProblem::special);  // a socket, or a device with no driver
  return read_refused(ReadProblem::unreadable, 0, std::strerror(error));
}

class ReadDescriptor {
 public:
  explicit ReadDescriptor(int fd) : fd_(fd) {}
  ~ReadDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  ReadDescriptor(const ReadDescriptor&) = delete;
  ReadDescriptor& operator=(const ReadDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Appends up to `want` bytes read at `offset` (or, for a pipe, from the current position) to `out`;
// returns false with errno set on an error. Stops early at the end of the file.
bool read_appending(int fd, std::string& out, std::uint64_t want, std::optional<std::uint64_t> offset) {
  std::uint64_t at = offset.value_or(0);
  while (want > 0) {
    const std::size_t piece = want < kReadChunk ? static_cast<std::size_t>(want) : kReadChunk;
    const std::size_t old = out.size();
    out.resize(old + piece);
    const ssize_t n =
        offset ? ::pread(fd, out.data() + old, piece, static_cast<off_t>(at)) : ::read(fd, out.data() + old, piece);
    if (n < 0) {
      out.resize(old);
      if (errno == EINTR) continue;
      return false;
    }
    out.resize(old + static_cast<std::size_t>(n));
    if (n == 0) break;
    want -= static_cast<std::uint64_t>(n);
    at += static_cast<std::uint64_t>(n);
  }
  return true;
}

// Opens `path` for reading when it is a regular file (or an allowed FIFO): -1 otherwise, with the
// problem in `why`. A first look by name means a device is never opened (opening some has
// effects) and a FIFO never waited on; the look at the open file catches a swap in between.
int open_checked(const std::filesystem::path& path, bool allow_pipe, struct stat& info, FileRead& why) {
  struct stat named {};
  if (::stat(path.c_str(), &named) != 0) {
    why = read_failure(errno);
    return -1;
  }
  if (const ReadProblem kind = read_kind_problem(named, allow_pipe); kind != ReadProblem::none) {
    why = read_refused(kind);
    return -1;
  }
  int fd = -1;
  do {
    // O_NONBLOCK: should a FIFO have taken the file's place since the stat, the open returns at once.
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    why = read_failure(errno);
    return -1;
  }
  // What was opened is what counts; then reads wait as usual (a pipe's writer may be slow).
  const bool looked = ::fstat(fd, &info) == 0;
  const ReadProblem kind = looked ? read_kind_problem(info, allow_pipe) : ReadProblem::none;
  if (looked && kind == ReadProblem::none && ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0) return fd;
  why = kind != ReadProblem::none ? read_refused(kind) : read_failure(errno);
  ::close(fd);
  return -1;
}

}  // namespace

std::FILE* open_regular_file(const std::filesystem::path& path, FileRead& why) {
  why = FileRead{};
  struct stat info {};
  const int fd = open_checked(path, /*allow_pipe=*/false, info, why);
  if (fd < 0) return nullptr;
  std::FILE* file = ::fdopen(fd, "rb");
  if (file == nullptr) {
    why = read_failure(errno);
    ::close(fd);
  }
  return file;
}

FileRead read_file_bounded(const std::filesystem::path& path, const ReadLimits& limits) {
  struct stat info {};
  FileRead why;
  const int fd = open_checked(path, limits.allow_pipe, info, why);
  if (fd < 0) return why;
  const ReadDescriptor file(fd);
  FileRead read;
  if (S_ISFIFO(info.st_mode)) {
    if (limits.check_only) return read;
    // A pipe has no size: read to its end, or one byte past the bound. With no writer left the
    // read sees the end at once; with a writer it waits for it, as the user asked.
    if (!read_appending(fd, read.bytes, saturating_plus_one(limits.max_bytes), std::nullopt))
      return read_failure(errno);
    read.size = read.bytes.size();
    if (read.bytes.size() > limits.max_bytes) return read_refused(ReadProblem::too_large, read.size);
    return read;
  }
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (limits.offset > size) return read_refused(ReadProblem::short_file, size);
  const std::uint64_t rest = size - limits.offset;
  const std::uint64_t want = limits.length.value_or(rest);
  if (want > rest) return read_refused(ReadProblem::short_file, size);
  if (want > limits.max_bytes) return read_refused(ReadProblem::too_large, want);
  if (limits.check_only) {
    read.size = size;
    return read;
  }
  // One byte more than expected shows a file that grew while it was read (read to the bound).
  read.bytes.reserve(static_cast<std::size_t>(want));
  const std::uint64_t take =
      limits.length ? want : std::min(saturating_plus_one(want), saturating_plus_one(limits.max_bytes));
  if (!read_appending(fd, read.bytes, take, limits.offset)) return read_failure(errno);
  read.size = size;
  if (read.bytes.size() > limits.max_bytes) return read_refused(ReadProblem::too_large, read.bytes.size());
  if (limits.length && read.bytes.size() < want) return read_refused(ReadProblem::short_file, size);
  return read;
}

}  // namespace winml::platform
