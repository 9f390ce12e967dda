#include "compile/worker_path.h"

#include <cstdlib>
#include <filesystem>

namespace winml::compile {

std::vector<std::string> default_worker_command() {
  if (const char* env = std::getenv("WINML_COMPILE_WORKER"); env != nullptr && *env != '\0') return {env};
  namespace fs = std::filesystem;
  constexpr const char* kName = "winml-compile-worker";
  std::error_code ec;
  const fs::path beside = fs::read_symlink("/proc/self/exe", ec).parent_path() / kName;
  // A program that links libwinml.a itself lives elsewhere: then the installed worker is used.
  const fs::path installed = fs::path(WINML_WORKER_INSTALL_DIR) / kName;
  if (!fs::exists(beside, ec) && fs::exists(installed, ec)) return {installed.string()};
  return {beside.string()};
}

}  // namespace winml::compile
