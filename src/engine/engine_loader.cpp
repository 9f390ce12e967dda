#include "engine/engine_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <utility>

#include "platform/environment.h"
#include "winml/errors.h"

namespace winml::engine {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPluginName = "libwinml_engine.so";
// The engine libraries the plugin needs, looked for beside it to give a precise message.
constexpr const char* kEngineLibraries[] = {"libonnxruntime.so", "libonnxruntime-genai.so"};

std::mutex g_mutex;
Engine* g_engine = nullptr;
bool g_telemetry = false;
std::optional<std::pair<LogSeverity, LogSink>> g_log_sink;

// The folder holding the code of this function: the executable (static link) or a shared winml.
fs::path own_folder() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&own_folder), &info) != 0 && info.dli_fname != nullptr) {
    std::error_code ec;
    fs::path self = fs::canonical(info.dli_fname, ec);
    if (!ec) return self.parent_path();
  }
  return {};
}

[[noreturn]] void not_installed(const fs::path& plugin, const std::string& why) {
  fs::path folder = plugin.parent_path();
  for (const char* lib : kEngineLibraries) {
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

std::string plugin_path() {
  if (const char* env = std::getenv("WINML_ENGINE_PATH"); env != nullptr && *env != '\0') return env;
  fs::path here = own_folder();
  for (const fs::path& candidate :
       {here / kPluginName, here / ".." / "lib" / kPluginName, fs::path(WINML_ENGINE_INSTALL_DIR) / kPluginName}) {
    if (fs::exists(candidate)) return fs::weakly_canonical(candidate).string();
  }
  return (here / ".." / "lib" / kPluginName).lexically_normal().string();
}

Engine& get() {
  std::lock_guard lock(g_mutex);
  if (g_engine != nullptr) return *g_engine;
  // GenAI reads ORT_DISABLE_TELEMETRY when it initialises, which may be as early as its load
  // (it comes in with the plugin): set before dlopen, it keeps the uploader, the event queues and
  // the persistent device id (~/.cache/Microsoft/DeveloperTools/.onnxruntime/) from being created
  // at all. OgaSetTelemetryEnabled(false) alone only stops new events. With the opt-in the user's
  // own environment is left as it is.
  if (!g_telemetry) platform::set_environment_variable("ORT_DISABLE_TELEMETRY", "1");
  fs::path plugin = plugin_path();
  void* handle = nullptr;
  if (fs::exists(plugin)) {
    // RTLD_LOCAL keeps the engine's symbols private; the plugin's $ORIGIN RUNPATH finds
    // libonnxruntime.so and libonnxruntime-genai.so beside it.
    handle = ::dlopen(plugin.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) not_installed(plugin, ::dlerror());
  } else {
    // Last resort: the program's own RUNPATH (set by the installed CMake package) and
    // LD_LIBRARY_PATH.
    handle = ::dlopen(kPluginName, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) not_installed(plugin, "file not found");
  }
  auto* entry = reinterpret_cast<Engine* (*)()>(::dlsym(handle, "winml_engine_instance"));
  if (entry == nullptr) not_installed(plugin, "it does not export winml_engine_instance");
  Engine* engine = entry();
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
