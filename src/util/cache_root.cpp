#include "util/cache_root.h"

#include <cstdlib>

namespace winml {

std::filesystem::path cache_root() {
  auto env = [](const char* name) -> const char* {
    const char* value = std::getenv(name);
    return (value != nullptr && *value != '\0') ? value : nullptr;
  };
  if (const char* dir = env("WINML_CACHE_DIR")) return dir;
  if (const char* xdg = env("XDG_CACHE_HOME")) return std::filesystem::path(xdg) / "winml";
  if (const char* home = env("HOME")) return std::filesystem::path(home) / ".cache" / "winml";
  return std::filesystem::temp_directory_path() / "winml-cache";
}

}  // namespace winml
