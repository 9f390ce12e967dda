#include "platform/executable_path.h"

namespace winml::platform {

std::filesystem::path current_executable_path() {
  // The kernel keeps this link pointing at the executable even when it was started through a symlink.
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe;
}

}  // namespace winml::platform
