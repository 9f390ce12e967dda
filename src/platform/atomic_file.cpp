#include "platform/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "platform/temp_file.h"
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
  // Deleted by its destructor on any failure below, and by the signal handler on Ctrl-C.
  TempFile tmp(path);
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(tmp.fd(), data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, "write failed");
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  // fsync before rename: after a crash the new name must never point at empty content. The
  // descriptor (and with it the lock that marks the writer alive) stays open until the rename.
  if (::fsync(tmp.fd()) != 0) fail(path, "flush failed");
  if (overwrite) {
    if (::rename(tmp.path().c_str(), path.c_str()) != 0) fail(path, "rename failed");
    tmp.keep();
    return;
  }
  // link() fails with EEXIST when the target exists, atomically: no window for a second writer.
  if (::link(tmp.path().c_str(), path.c_str()) != 0) {
    if (errno == EEXIST) {
      throw UsageError(path.string() + " already exists. Pass --overwrite to replace it, or choose another path.");
    }
    fail(path, "cannot create the file");
  }
  // The TempFile's destructor removes the temporary name; the target keeps the content.
}

}  // namespace winml::platform
