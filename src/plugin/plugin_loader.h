#pragma once
/// \file
/// Finds, loads and checks one of winml's plugins (see plugin_identity.h for why each is checked).

#include <filesystem>
#include <functional>
#include <string>

#include "plugin/plugin_identity.h"

namespace winml::plugin {

/// Which plugin to load and what it must be.
struct PluginSpec {
  std::string file_name;        ///< e.g. "libwinml_engine.so"
  std::string path_variable;    ///< environment variable that overrides the search, e.g. "WINML_ENGINE_PATH"
  std::string identity_symbol;  ///< extern "C" function returning const Identity*
  std::string instance_symbol;  ///< extern "C" function returning the plugin's interface object
  int interface_version = 0;    ///< the version this winml was compiled against
};

/// Path of the plugin `spec` names: $path_variable when set, else beside the code of winml
/// (the executable, or a shared library linking libwinml.a), else ../lib from there, else the
/// install libdir. When none exists, the ../lib path (for the message).
std::filesystem::path plugin_path(const PluginSpec& spec);

/// Why a plugin with identity `found` cannot be used by this winml, with the fix; empty when it
/// can. `found` null means the plugin exports no identity (built before plugins were versioned).
std::string identity_problem(const PluginSpec& spec, const std::filesystem::path& path, const Identity* found);

/// Loads the plugin at plugin_path(spec) (or by bare file name through the program's RUNPATH
/// when that file does not exist), checks its identity and returns the address of its instance
/// function, for the caller to cast to its real type and call. `fail(path, why)` is called, and
/// must throw, when the file cannot be loaded or lacks the instance function. A plugin from
/// another build throws Error (category not_installed) with identity_problem's message.
void* load_plugin(const PluginSpec& spec,
                  const std::function<void(const std::filesystem::path& path, const std::string& why)>& fail);

}  // namespace winml::plugin
