#include "compile/worker_path.h"

#include <cstdlib>
#include <filesystem>

namespace winml::compile {

std::vector<std::string> default_worker_command() {
  if (const char* env = std::getenv("WINML_COMPILE_WORKER"); env != nullptr && *env != '\0') return {env};
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return {(self.parent_path() / "winml-compile-worker").string()};
}

}  // namespace winml::compile
