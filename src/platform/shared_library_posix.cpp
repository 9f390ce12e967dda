#include <dlfcn.h>
#include <link.h>

#include <cstdint>
#include <string>

#include "platform/executable_path.h"
#include "platform/shared_library.h"

namespace winml::platform {
namespace {

/// The object of the process that maps an address, as dl_iterate_phdr lists them.
struct MappedObject {
  std::uintptr_t address = 0;
  bool found = false;
  bool main_program = false;
  std::string name;  ///< the path the loader opened it by; empty for the main program
  int visited = 0;
};

int find_object(dl_phdr_info* info, std::size_t /*size*/, void* data) {
  auto& search = *static_cast<MappedObject*>(data);
  // dl_iterate_phdr visits the main program first.
  const bool first = search.visited++ == 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_LOAD) continue;
    const std::uintptr_t start = info->dlpi_addr + segment.p_vaddr;
    if (search.address < start || search.address - start >= segment.p_memsz) continue;
    search.found = true;
    search.main_program = first;
    search.name = info->dlpi_name == nullptr ? "" : info->dlpi_name;
    return 1;
  }
  return 0;
}

}  // namespace

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
  // Not dladdr: it names the main program by argv[0], which for a program found on PATH ("winml")
  // or started by a relative path resolves against the current folder, not the program's own. The
  // loader's list tells which object maps the address; the main program's file is the kernel's.
  MappedObject search;
  search.address = reinterpret_cast<std::uintptr_t>(address);
  ::dl_iterate_phdr(find_object, &search);
  if (!search.found) return {};
  const std::filesystem::path loaded =
      search.main_program ? current_executable_path() : std::filesystem::path(search.name);
  if (loaded.empty()) return {};
  std::error_code ec;
  std::filesystem::path file = std::filesystem::canonical(loaded, ec);
  return ec ? std::filesystem::path() : file;
}

}  // namespace winml::platform
