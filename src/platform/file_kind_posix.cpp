#include "platform/file_kind.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace winml::platform {

FileKind file_kind(const std::filesystem::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return FileKind::missing;
  if (S_ISREG(info.st_mode)) return FileKind::regular;
  if (S_ISDIR(info.st_mode)) return FileKind::directory;
  return FileKind::special;
}

std::string file_creation_problem(const std::filesystem::path& dir) {
  std::string probe = (dir / ".winml-probe-XXXXXX").string();
  int fd = ::mkstemp(probe.data());
  if (fd < 0) return std::strerror(errno);
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

}  // namespace winml::platform
