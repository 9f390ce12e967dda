#include "onnx_io/onnx_io_loader.h"

#include <filesystem>
#include <mutex>
#include <string>

#include "platform/environment.h"
#include "plugin/plugin_loader.h"
#include "winml/errors.h"

namespace winml::onnx_io {
namespace {

std::mutex g_mutex;
OnnxIo* g_instance = nullptr;

[[maybe_unused]] constexpr const char* kPathVariable = "WINML_ONNX_IO_PATH";

// Always OnnxIoNotInstalledError, never the engine's GenaiNotInstalledError: ONNX Runtime and
// GenAI may be fine when this plugin is missing, and the fix is another file.
[[noreturn, maybe_unused]] void not_installed(const std::filesystem::path& plugin, const std::string& why) {
  const std::string file = plugin.filename().string();
  if (!std::filesystem::exists(plugin)) {
    if (platform::environment_variable(kPathVariable)) {
      throw OnnxIoNotInstalledError(std::string(kPathVariable) + " names " + plugin.string() +
                                    ", which does not exist: point it at the " + file +
                                    " of this winml's build, or unset it to use the one installed beside winml.");
    }
    throw OnnxIoNotInstalledError(
        "winml's ONNX file support " + file + " (bundle synth, .pb inputs) is missing: winml looks for it beside " +
        "its own code, then at " + plugin.string() +
        ". Rebuild winml (cmake --build builds it), reinstall winml (or its wheel), or point " + kPathVariable +
        " at it.");
  }
  throw OnnxIoNotInstalledError("cannot load winml's ONNX file support " + plugin.string() + ": " + why +
                                ". It needs the ONNX and protobuf libraries (Debian: libonnx1, libprotobuf32); or "
                                "point " +
                                kPathVariable + " at the " + file + " of this winml's build.");
}

}  // namespace

OnnxIo& get() {
  std::lock_guard lock(g_mutex);
  if (g_instance != nullptr) return *g_instance;
#if !WINML_ONNX_IO_BUILT
  throw OnnxIoNotInstalledError(
      "this build of winml has no ONNX file support (built with WINML_WITH_ONNX_PROTO=OFF, the default on "
      "Windows, where Debian's ONNX protobuf library is not available): writing bundles (bundle synth) and "
      "reading .pb input files need it. Run that step with a Linux build of winml and copy the files here.");
#else  // (#else rather than code after the throw: MSVC's /W4 /WX refuses unreachable code)
  static const plugin::PluginSpec spec{WINML_ONNX_IO_FILE_NAME, kPathVariable, "winml_onnx_io_identity",
                                       "winml_onnx_io_instance", kOnnxIoInterfaceVersion};
  void* entry = nullptr;
  try {
    entry = plugin::load_plugin(spec, not_installed);
  } catch (const OnnxIoNotInstalledError&) {
    throw;
  } catch (const Error& e) {
    // A plugin from another build: for callers, ONNX file support is not (properly) installed.
    throw OnnxIoNotInstalledError(e.what());
  }
  g_instance = reinterpret_cast<OnnxIo* (*)(platform::TempRegistry)>(entry)(platform::own_temp_registry());
  return *g_instance;
#endif
}

bool is_loaded() {
  std::lock_guard lock(g_mutex);
  return g_instance != nullptr;
}

}  // namespace winml::onnx_io
