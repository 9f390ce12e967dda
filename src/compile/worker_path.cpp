#include "compile/worker_path.h"

#include <filesystem>

#include "platform/environment.h"
#include "platform/executable_path.h"
#include "platform/utf8_path.h"

namespace winml::compile {

std::vector<std::string> default_worker_command() {
  if (auto env = platform::environment_variable("WINML_COMPILE_WORKER")) return {*env};
  namespace fs = std::filesystem;
  const fs::path name = fs::path("winml-compile-worker").replace_extension(WINML_EXECUTABLE_SUFFIX);
  std::error_code ec;
  const fs::path beside = platform::current_executable_path().parent_path() / name;
  // A program that links libwinml.a itself lives elsewhere: then the installed worker is used.
  const fs::path installed = fs::path(WINML_WORKER_INSTALL_DIR) / name;
  if (!fs::exists(beside, ec) && fs::exists(installed, ec)) return {platform::utf8_string(installed)};
  return {platform::utf8_string(beside)};
}

}  // namespace winml::compile
