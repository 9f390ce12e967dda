#include "platform/file_kind.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "platform/signal_cleanup.h"
#include "platform/temp_file.h"

namespace winml::platform {

FileKind file_kind(const std::filesystem::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return FileKind::missing;
  if (S_ISREG(info.st_mode)) return FileKind::regular;
  if (S_ISDIR(info.st_mode)) return FileKind::directory;
  return FileKind::special;
}

std::string file_creation_problem(const std::filesystem::path& dir) {
  // Named and registered like a TempFile (temp_file.h), so that an interrupt between creating and
  // deleting the probe cannot leave it behind.
  std::string probe = temp_path_prefix(dir / ".winml-probe") + "XXXXXX";
  int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  const TempRegistration registration = register_temp_path(probe.c_str());
  ::close(fd);
  ::unlink(probe.c_str());
  unregister_temp_path(registration);
  return {};
}

}  // namespace winml::platform
