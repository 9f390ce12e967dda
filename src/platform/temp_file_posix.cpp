#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "platform/temp_file.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& what) {
  throw Error(ErrorCategory::runtime, "cannot write " + target.string() + ": " + what + " (" + std::strerror(errno) +
                                          "). Check that the folder exists and is writable, or choose another path.");
}

}  // namespace

TempFile::TempFile(const std::filesystem::path& target) : target_(target), path_(temp_path_prefix(target) + "XXXXXX") {
  // O_CLOEXEC: a child process (the compile worker) must not inherit the descriptor and its lock.
  const int fd = ::mkostemp(path_.data(), O_CLOEXEC);
  if (fd < 0) fail(target, "cannot create a temporary file");
  handle_ = fd;
  registration_ = register_temp_path(path_.c_str());
  ::fchmod(fd, 0644);
  // The lock tells a sweeping run that this file's writer is alive (see temp_sweep.h).
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EINTR) {
  }
}

TempFile::~TempFile() {
  close_handle();
  if (!committed_) {
    ::unlink(path_.c_str());
    unregister_temp_path(registration_);
  }
}

void TempFile::close_handle() noexcept {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
  handle_ = -1;
}

void TempFile::write(const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(static_cast<int>(handle_), bytes, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(target_, "write failed");
    }
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
}

bool TempFile::commit(bool overwrite) {
  // The descriptor (and with it the lock that marks the writer alive) stays open until the rename.
  if (::fsync(static_cast<int>(handle_)) != 0) fail(target_, "flush failed");
  if (overwrite) {
    if (::rename(path_.c_str(), target_.c_str()) != 0) fail(target_, "rename failed");
    committed_ = true;
    close_handle();
    unregister_temp_path(registration_);
    return true;
  }
  // link() fails with EEXIST when the target exists, atomically: no window for a second writer.
  // The destructor then removes the temporary name; the target keeps the content.
  if (::link(path_.c_str(), target_.c_str()) == 0) return true;
  if (errno == EEXIST) return false;
  fail(target_, "cannot create the file");
}

}  // namespace winml::platform
