#include "platform/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "winml/errors.h"

namespace winml::platform {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw Error(ErrorCategory::runtime, "cannot write " + path.string() + ": " + what + " (" + std::strerror(errno) +
                                          "). Check that the folder exists and is writable, or choose another path.");
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool overwrite) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  std::string tmp = path.string() + ".tmp-XXXXXX";
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) fail(path, "cannot create a temporary file");
  ::fchmod(fd, 0644);
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      ::unlink(tmp.c_str());
      fail(path, "write failed");
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  // fsync before rename: after a crash the new name must never point at empty content.
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    fail(path, "flush failed");
  }
  if (overwrite) {
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
      ::unlink(tmp.c_str());
      fail(path, "rename failed");
    }
    return;
  }
  // link() fails with EEXIST when the target exists, atomically: no window for a second writer.
  if (::link(tmp.c_str(), path.c_str()) != 0) {
    int saved = errno;
    ::unlink(tmp.c_str());
    errno = saved;
    if (saved == EEXIST) {
      throw UsageError(path.string() + " already exists. Pass --overwrite to replace it, or choose another path.");
    }
    fail(path, "cannot create the file");
  }
  ::unlink(tmp.c_str());
}

}  // namespace winml::platform
