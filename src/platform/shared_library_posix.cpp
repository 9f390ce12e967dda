#include "platform/shared_library.h"

#include <dlfcn.h>

namespace winml::platform {

LoadedLibrary load_library(const std::filesystem::path& path) {
  LoadedLibrary result;
  result.handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (result.handle == nullptr) {
    const char* why = ::dlerror();
    result.error = why == nullptr ? "unknown dynamic loader error" : why;
  }
  return result;
}

std::string library_file_name(std::string_view name) { return "lib" + std::string(name) + ".so"; }

std::string nvml_library_file_name() { return "libnvidia-ml.so.1"; }

std::string pdh_library_file_name() { return {}; }

void* find_symbol(void* handle, const char* name) { return ::dlsym(handle, name); }

std::filesystem::path file_holding(const void* address) {
  Dl_info info{};
  if (::dladdr(address, &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code ec;
  std::filesystem::path file = std::filesystem::canonical(info.dli_fname, ec);
  return ec ? std::filesystem::path() : file;
}

}  // namespace winml::platform
