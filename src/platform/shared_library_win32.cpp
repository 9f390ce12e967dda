#include <windows.h>

#include "platform/module_path_win32.h"
#include "platform/shared_library.h"
#include "platform/utf16_win32.h"
#include "platform/utf8_path.h"

namespace winml::platform {

LoadedLibrary load_library(const std::filesystem::path& file) {
  LoadedLibrary result;
  // With a folder in the name, LOAD_WITH_ALTERED_SEARCH_PATH looks for the library's own
  // dependencies (onnxruntime.dll beside winml_engine.dll) in the library's folder first, as the
  // plugins' $ORIGIN RUNPATH does on Linux; it needs an absolute path. A bare name is searched
  // the loader's standard way.
  HMODULE module = nullptr;
  if (file.has_parent_path()) {
    module =
        ::LoadLibraryExW(std::filesystem::absolute(file).wstring().c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
  } else {
    module = ::LoadLibraryExW(file.wstring().c_str(), nullptr, 0);
  }
  if (module == nullptr) {
    result.error = utf8_string(file) + ": " + win32::error_text(::GetLastError());
  }
  result.handle = module;
  return result;
}

std::string library_file_name(std::string_view name) { return std::string(name) + ".dll"; }

std::string nvml_library_file_name() { return "nvml.dll"; }

std::string pdh_library_file_name() { return "pdh.dll"; }

void* find_symbol(void* handle, const char* name) {
  return reinterpret_cast<void*>(::GetProcAddress(static_cast<HMODULE>(handle), name));
}

std::filesystem::path file_holding(const void* address) {
  HMODULE module = nullptr;
  if (::GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           static_cast<const wchar_t*>(address), &module) == 0) {
    return {};
  }
  const std::filesystem::path loaded = win32::module_path(module);
  if (loaded.empty()) return {};
  std::error_code ec;
  std::filesystem::path file = std::filesystem::canonical(loaded, ec);
  return ec ? std::filesystem::path() : file;
}

}  // namespace winml::platform
