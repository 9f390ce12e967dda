#include "engine/engine_loader.h"

#include <filesystem>
#include <mutex>
#include <optional>
#include <utility>

#include "platform/environment.h"
#include "platform/shared_library.h"
#include "plugin/plugin_loader.h"
#include "winml/errors.h"

namespace winml::engine {
namespace {

namespace fs = std::filesystem;

// The engine libraries the plugin needs, looked for beside it to give a precise message.
constexpr const char* kEngineLibraries[] = {"onnxruntime", "onnxruntime-genai"};

std::mutex g_mutex;
Engine* g_engine = nullptr;
bool g_telemetry = false;
std::optional<std::pair<LogSeverity, LogSink>> g_log_sink;

const plugin::PluginSpec& engine_plugin() {
  static const plugin::PluginSpec spec{WINML_ENGINE_FILE_NAME, "WINML_ENGINE_PATH", "winml_engine_identity",
                                       "winml_engine_instance", kEngineInterfaceVersion};
  return spec;
}

[[noreturn]] void not_installed(const fs::path& plugin, const std::string& why) {
  // The engine itself missing is said as such: its folder's ONNX Runtime libraries are then
  // beside the point (and plugin_path's fallback names a folder that may not exist at all).
  if (!fs::exists(plugin)) {
    const std::string variable = engine_plugin().path_variable;
    if (platform::environment_variable(variable)) {
      throw GenaiNotInstalledError(variable + " names " + plugin.string() +
                                   ", which does not exist: point it at the libwinml_engine.so of this winml's "
                                   "build, or unset it to use the one installed beside winml.");
    }
    throw GenaiNotInstalledError(
        "the winml engine " + plugin.filename().string() +
        " is missing: winml looks for it beside its own code, then at " + plugin.string() +
        ". Rebuild winml (cmake --build builds it beside the program), reinstall winml (or its wheel), or point " +
        variable + " at it.");
  }
  fs::path folder = plugin.parent_path();
  for (const char* name : kEngineLibraries) {
    const std::string lib = platform::library_file_name(name);
    if (!fs::exists(folder / lib)) {
      throw GenaiNotInstalledError(
          "ONNX Runtime GenAI is not installed: " + (folder / lib).string() +
          " is missing. Rebuild winml (cmake restores the official NuGet packages "
          "Microsoft.ML.OnnxRuntime and Microsoft.ML.OnnxRuntimeGenAI into the build tree) or copy the library there.");
    }
  }
  throw GenaiNotInstalledError("cannot load the winml engine " + plugin.string() + ": " + why +
                               ". Rebuild winml so the engine and the ONNX Runtime libraries sit in one folder.");
}

}  // namespace

std::string plugin_path() { return plugin::plugin_path(engine_plugin()).string(); }

Engine& get() {
  std::lock_guard lock(g_mutex);
  if (g_engine != nullptr) return *g_engine;
  // GenAI reads ORT_DISABLE_TELEMETRY when it initialises, which may be as early as its load
  // (it comes in with the plugin): set before dlopen, it keeps the uploader, the event queues and
  // the persistent device id (~/.cache/Microsoft/DeveloperTools/.onnxruntime/) from being created
  // at all. OgaSetTelemetryEnabled(false) alone only stops new events. With the opt-in the user's
  // own environment is left as it is.
  if (!g_telemetry) platform::set_environment_variable("ORT_DISABLE_TELEMETRY", "1");
  // The plugin's $ORIGIN RUNPATH (on Windows: the loader's search of the plugin's own folder) finds
  // the ONNX Runtime and GenAI libraries beside it.
  void* entry = nullptr;
  try {
    entry = plugin::load_plugin(engine_plugin(), not_installed);
  } catch (const GenaiNotInstalledError&) {
    throw;
  } catch (const Error& e) {
    // A plugin from another build: for callers, the engine is not (properly) installed.
    throw GenaiNotInstalledError(e.what());
  }
  Engine* engine = reinterpret_cast<Engine* (*)()>(entry)();
  engine->set_telemetry_enabled(g_telemetry);
  if (g_log_sink) engine->set_log_sink(g_log_sink->first, g_log_sink->second);
  g_engine = engine;
  return *g_engine;
}
bool is_loaded() {
  std::lock_guard lock(g_mutex);
  return g_engine != nullptr;
}

void set_telemetry_opt_in(bool enabled) {
  std::lock_guard lock(g_mutex);
  g_telemetry = enabled;
  if (g_engine != nullptr) g_engine->set_telemetry_enabled(enabled);
}

void set_log_sink(LogSeverity min_severity, LogSink sink) {
  std::lock_guard lock(g_mutex);
  g_log_sink.emplace(min_severity, std::move(sink));
  if (g_engine != nullptr) g_engine->set_log_sink(g_log_sink->first, g_log_sink->second);
}

void shutdown() {
  std::lock_guard lock(g_mutex);
  if (g_engine != nullptr) g_engine->shutdown();
}

}  // namespace winml::engine
