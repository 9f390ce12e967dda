#pragma once
// Pointing winml's cache root at a test's own folder.

#include <filesystem>
#include <optional>
#include <string>

#include "platform/environment.h"
#include "platform/utf8_path.h"

namespace winml::test {

/// Sets WINML_CACHE_DIR to `dir` for the scope's lifetime, then restores the previous value (an
/// empty value, which winml reads as unset, when there was none).
class CacheDirScope {
 public:
  explicit CacheDirScope(const std::filesystem::path& dir) : old_(platform::environment_variable("WINML_CACHE_DIR")) {
    platform::set_environment_variable("WINML_CACHE_DIR", platform::utf8_string(dir));
  }
  ~CacheDirScope() { platform::set_environment_variable("WINML_CACHE_DIR", old_.value_or("")); }
  CacheDirScope(const CacheDirScope&) = delete;
  CacheDirScope& operator=(const CacheDirScope&) = delete;

 private:
  std::optional<std::string> old_;
};

}  // namespace winml::test
