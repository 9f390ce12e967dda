#include "platform/temp_sweep_check.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <string>

namespace winml::platform::temp_sweep {
namespace {

namespace fs = std::filesystem;

constexpr std::time_t kStaleAfterSeconds = 60;

bool process_exists(long pid) {
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

}  // namespace

bool is_stale(const fs::path& path, const std::optional<long>& writer) {
  // O_NOFOLLOW and O_NONBLOCK: never follow a link or block on a FIFO that happens to match.
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  bool stale = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  if (stale) {
    const bool old = std::time(nullptr) - st.st_mtime > kStaleAfterSeconds;
    const bool writer_gone = writer && *writer != ::getpid() && !process_exists(*writer);
    stale = old || writer_gone;
  }
  ::close(fd);
  return stale;
}

bool remove(const fs::path& path) { return ::unlink(path.c_str()) == 0; }

}  // namespace winml::platform::temp_sweep
