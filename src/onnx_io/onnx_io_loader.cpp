#include "onnx_io/onnx_io_loader.h"

#include <filesystem>
#include <mutex>
#include <string>

#include "plugin/plugin_loader.h"
#include "winml/errors.h"

namespace winml::onnx_io {
namespace {

std::mutex g_mutex;
OnnxIo* g_instance = nullptr;

[[noreturn, maybe_unused]] void not_installed(const std::filesystem::path& plugin, const std::string& why) {
  throw Error(ErrorCategory::not_installed,
              "cannot load winml's ONNX file support " + plugin.string() + ": " + why +
                  ". Rebuild winml (cmake --build builds libwinml_onnx_io.so beside the engine) or reinstall it; "
                  "it needs the ONNX and protobuf libraries (Debian: libonnx1, libprotobuf32).");
}

}  // namespace

OnnxIo& get() {
  std::lock_guard lock(g_mutex);
  if (g_instance != nullptr) return *g_instance;
#if !WINML_ONNX_IO_BUILT
  throw Error(ErrorCategory::not_installed,
              "this build of winml has no ONNX file support (built with WINML_WITH_ONNX_PROTO=OFF, the default on "
              "Windows, where Debian's ONNX protobuf library is not available): writing bundles (bundle synth) and "
              "reading .pb input files need it. Run that step with a Linux build of winml and copy the files here.");
#else  // (#else rather than code after the throw: MSVC's /W4 /WX refuses unreachable code)
  static const plugin::PluginSpec spec{WINML_ONNX_IO_FILE_NAME, "WINML_ONNX_IO_PATH", "winml_onnx_io_identity",
                                       "winml_onnx_io_instance", kOnnxIoInterfaceVersion};
  void* entry = plugin::load_plugin(spec, not_installed);
  g_instance = reinterpret_cast<OnnxIo* (*)(platform::TempRegistry)>(entry)(platform::own_temp_registry());
  return *g_instance;
#endif
}

bool is_loaded() {
  std::lock_guard lock(g_mutex);
  return g_instance != nullptr;
}

}  // namespace winml::onnx_io
