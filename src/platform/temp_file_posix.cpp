#include "platform/temp_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "winml/errors.h"

namespace winml::platform {
namespace {

constexpr std::string_view kMarker = ".tmp-";
constexpr std::size_t kRandomChars = 6;  // mkstemp's XXXXXX

bool all_of(std::string_view text, int (*pred)(int)) {
  if (text.empty()) return false;
  for (char c : text) {
    if (pred(static_cast<unsigned char>(c)) == 0) return false;
  }
  return true;
}

// The part after the last ".tmp-", when the name has one and a non-empty prefix.
std::optional<std::string_view> temp_suffix(const std::string& name) {
  const auto at = name.rfind(kMarker);
  if (at == std::string::npos || at == 0) return std::nullopt;
  return std::string_view(name).substr(at + kMarker.size());
}

}  // namespace

std::optional<long> temp_file_writer(const std::string& name) {
  auto suffix = temp_suffix(name);
  if (!suffix || suffix->size() < kRandomChars + 2) return std::nullopt;
  const std::string_view random = suffix->substr(suffix->size() - kRandomChars);
  const std::string_view pid = suffix->substr(0, suffix->size() - kRandomChars - 1);
  if ((*suffix)[pid.size()] != '-' || !all_of(random, std::isalnum) || !all_of(pid, std::isdigit) || pid.size() > 10) {
    return std::nullopt;
  }
  return std::strtol(std::string(pid).c_str(), nullptr, 10);
}

bool is_temp_file_name(const std::string& name) {
  if (temp_file_writer(name)) return true;
  auto suffix = temp_suffix(name);
  return suffix && suffix->size() == kRandomChars && all_of(*suffix, std::isalnum);
}

TempFile::TempFile(const std::filesystem::path& target) {
  path_ = target.string() + std::string(kMarker) + std::to_string(::getpid()) + "-XXXXXX";
  // O_CLOEXEC: a child process (the compile worker) must not inherit the descriptor and its lock.
  fd_ = ::mkostemp(path_.data(), O_CLOEXEC);
  if (fd_ < 0) {
    throw Error(ErrorCategory::runtime, "cannot write " + target.string() + ": cannot create a temporary file (" +
                                            std::strerror(errno) +
                                            "). Check that the folder exists and is writable, or choose another path.");
  }
  registration_ = register_temp_path(path_.c_str());
  ::fchmod(fd_, 0644);
  // The lock tells a sweeping run that this file's writer is alive (see temp_sweep.h).
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0 && errno == EINTR) {
  }
}

TempFile::~TempFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!kept_) {
    ::unlink(path_.c_str());
    unregister_temp_path(registration_);
  }
}

int TempFile::release_fd() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

void TempFile::keep() {
  if (fd_ >= 0) ::close(release_fd());
  kept_ = true;
  unregister_temp_path(registration_);
}

}  // namespace winml::platform
