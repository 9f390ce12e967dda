#include "storage/cache_root.h"

#include "platform/environment.h"
#include "platform/user_folders.h"
#include "platform/utf8_path.h"

namespace winml::storage {

std::filesystem::path cache_root() {
  if (auto dir = platform::environment_variable("WINML_CACHE_DIR")) return platform::utf8_path(*dir);
  if (auto user = platform::user_cache_folder(); !user.empty()) return user / "winml";
  return std::filesystem::temp_directory_path() / "winml-cache";
}

}  // namespace winml::storage
