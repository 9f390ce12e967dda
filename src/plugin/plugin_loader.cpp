#include "plugin/plugin_loader.h"

#include <cstdlib>
#include <cstring>

#include "platform/environment.h"
#include "platform/shared_library.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"
#include "winml_build_info.h"

namespace winml::plugin {
namespace {

namespace fs = std::filesystem;

std::string describe(int interface_version, const char* winml_version, const char* toolchain) {
  return "plugin interface " + std::to_string(interface_version) + " of winml " + winml_version + ", built with " +
         toolchain;
}

}  // namespace

fs::path plugin_path(const PluginSpec& spec) {
  if (auto env = platform::environment_variable(spec.path_variable)) return platform::utf8_path(*env);
  fs::path here = platform::file_holding(reinterpret_cast<const void*>(&plugin_path)).parent_path();
  for (const fs::path& candidate : {here / spec.file_name, here / ".." / "lib" / spec.file_name,
                                    fs::path(WINML_PLUGIN_INSTALL_DIR) / spec.file_name}) {
    if (fs::exists(candidate)) return fs::weakly_canonical(candidate);
  }
  return (here / ".." / "lib" / spec.file_name).lexically_normal();
}

std::string identity_problem(const PluginSpec& spec, const fs::path& path, const Identity* found) {
  const std::string fix =
      " Install winml and its plugins from one build (cmake --build, then cmake --install), or point " +
      spec.path_variable + " at the " + spec.file_name + " built with this winml.";
  const std::string ours = describe(spec.interface_version, WINML_VERSION_STRING, kToolchain);
  if (found == nullptr) {
    return path.string() + " is from an older winml build (it exports no " + spec.identity_symbol +
           "); this winml expects " + ours + "." + fix;
  }
  const char* version = found->winml_version == nullptr ? "unknown" : found->winml_version;
  const char* toolchain = found->toolchain == nullptr ? "an unknown toolchain" : found->toolchain;
  if (found->interface_version == spec.interface_version && std::strcmp(toolchain, kToolchain) == 0) return {};
  return path.string() + " does not match this winml: it is " + describe(found->interface_version, version, toolchain) +
         "; this winml expects " + ours + "." + fix;
}

void* load_plugin(const PluginSpec& spec, const std::function<void(const fs::path&, const std::string&)>& fail) {
  fs::path path = plugin_path(spec);
  // A missing file falls back to the program's own RUNPATH (set by the installed CMake package)
  // and LD_LIBRARY_PATH.
  const bool found_file = fs::exists(path);
  platform::LoadedLibrary library = platform::load_library(found_file ? path : fs::path(spec.file_name));
  if (library.handle == nullptr) fail(path, found_file ? library.error : "file not found");
  // Read the identity before calling anything that returns a C++ object.
  using IdentityFn = const Identity* (*)();
  auto* identity = reinterpret_cast<IdentityFn>(platform::find_symbol(library.handle, spec.identity_symbol.c_str()));
  if (std::string problem = identity_problem(spec, path, identity == nullptr ? nullptr : identity());
      !problem.empty()) {
    throw Error(ErrorCategory::not_installed, problem);
  }
  void* instance = platform::find_symbol(library.handle, spec.instance_symbol.c_str());
  if (instance == nullptr) fail(path, "it does not export " + spec.instance_symbol);
  return instance;
}

}  // namespace winml::plugin
