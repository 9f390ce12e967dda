#include "platform/user_folders.h"

#include "platform/environment.h"

namespace winml::platform {

std::filesystem::path user_cache_folder() {
  // The XDG Base Directory rules: $XDG_CACHE_HOME when set, else ~/.cache.
  if (auto xdg = environment_variable("XDG_CACHE_HOME")) return *xdg;
  if (auto home = environment_variable("HOME")) return std::filesystem::path(*home) / ".cache";
  return {};
}

}  // namespace winml::platform
