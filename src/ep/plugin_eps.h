#pragma once
/// \file
/// Plugin EP libraries (`--ep-library NAME=PATH`, WINML_EP_LIBRARIES) registered with the engine,
/// and the catalog rows for the EPs they add. A plugin EP the built-in table does not know gets a
/// row built from the devices ONNX Runtime lists for it, so it can be chosen, resolved, overridden
/// and compiled for like any built-in EP; its registration name becomes one of its names.

#include <string>
#include <vector>

#include "engine/engine.h"
#include "ep/catalog.h"
#include "ep/plugin_libraries.h"

namespace winml::ep {

/// The row of a plugin EP the built-in table does not know, from the device types ONNX Runtime
/// lists for it ("npu", "gpu", "cpu", any order and case; others ignored). Its names in ONNX
/// Runtime and GenAI are the EP's own name (GenAI matches plugin EPs by it); its alias is that
/// name in lower case. Its devices are ordered npu, gpu, cpu, so the primary device is the most
/// specialised one: a plugin EP that also offers the host CPU does not take `--device cpu` from
/// the CPU EP. GenAI gets the device through device filtering (genai_device_filter). EPContext is
/// assumed: a compile that yields no EPContext node says so per stage.
/// Throws UsageError when it lists none of the three device types.
EpInfo plugin_ep_row(const std::string& ep_name, const std::vector<std::string>& device_types);

/// Registers each library with `engine`, in order (a relative path is taken from the working
/// directory, where ONNX Runtime alone would look beside itself), and adds a catalog row (add_runtime_ep) for
/// every EP the engine then lists that the catalog does not know. A library whose EP devices name
/// exactly one EP (new, or a built-in one such as QNN shipped as a plugin) also makes its
/// registration name a name of that EP (add_runtime_alias). A library that offers no device on
/// this machine adds nothing: resolution then says the EP is unavailable, and `winml sys` shows
/// what is there. Remembered for registered_plugin_libraries().
void register_plugin_libraries(const std::vector<PluginLibrary>& libraries, engine::Engine& engine);

/// The libraries register_plugin_libraries registered in this process, in order: child processes
/// that load the engine themselves (the compile worker) register the same ones.
const std::vector<PluginLibrary>& registered_plugin_libraries();

/// What identifies the registered plugin libraries' code, for compile cache keys: each library's
/// registration name, path, size and modification time ("" when none is registered). A rebuilt or
/// replaced EP library compiles differently, so its artifacts must not be reused.
std::string plugin_libraries_identity();

}  // namespace winml::ep
