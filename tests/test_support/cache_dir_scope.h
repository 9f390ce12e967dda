#pragma once
// Pointing winml's cache root at a test's own folder.

#include <stdlib.h>

#include <filesystem>
#include <string>

namespace winml::test {

/// Sets WINML_CACHE_DIR to `dir` for the scope's lifetime, then restores the previous value.
class CacheDirScope {
 public:
  explicit CacheDirScope(const std::filesystem::path& dir) {
    if (const char* old = std::getenv("WINML_CACHE_DIR")) old_ = old;
    ::setenv("WINML_CACHE_DIR", dir.c_str(), 1);
  }
  ~CacheDirScope() {
    if (old_.empty()) {
      ::unsetenv("WINML_CACHE_DIR");
    } else {
      ::setenv("WINML_CACHE_DIR", old_.c_str(), 1);
    }
  }
  CacheDirScope(const CacheDirScope&) = delete;
  CacheDirScope& operator=(const CacheDirScope&) = delete;

 private:
  std::string old_;
};

}  // namespace winml::test
