// The plugin's Engine: the one object winml_core reaches through dlopen.

#include <ort_genai.h>

#include <algorithm>
#include <string>

#include "engine/engine.h"
#include "engine/impl/compatibility.h"
#include "engine/impl/error_translation.h"
#include "engine/impl/genai_model.h"
#include "engine/impl/install_version.h"
#include "engine/impl/log_routing.h"
#include "engine/impl/onnx_session.h"
#include "engine/impl/ort_environment.h"
#include "engine/impl/ort_path.h"
#include "platform/shared_library.h"
#include "plugin/plugin_export.h"
#include "plugin/plugin_identity.h"
#include "util/ascii_case.h"
#include "winml_build_info.h"

namespace winml::engine::impl {
namespace {

bool mentions_already_registered(const std::string& message) {
  return to_lower(message).find("already") != std::string::npos;
}

class OrtGenaiEngine final : public Engine {
 public:
  Versions versions() override {
    // GenAI 0.18 has no version call: read the version from the install of the file the loader
    // actually mapped (never the version this plugin was compiled against).
    return {Ort::GetVersionString(),
            version_of_install(platform::file_holding(reinterpret_cast<const void*>(&OgaShutdown)))};
  }

  std::vector<std::string> available_providers() override {
    return translate_errors<SessionError>("ONNX Runtime could not list providers",
                                          [] { return Ort::GetAvailableProviders(); });
  }

  std::vector<EpDevice> ep_devices() override {
    return translate_errors<SessionError>("ONNX Runtime could not list EP devices", [] {
      std::vector<EpDevice> result;
      for (const auto& device : ort_env().GetEpDevices()) {
        auto hardware = device.Device();
        result.push_back({device.EpName(), device_type_name(hardware.Type()),
                          hardware.Vendor() == nullptr ? "" : hardware.Vendor()});
      }
      return result;
    });
  }

  void register_ep_library(const std::string& name, const std::string& path) override {
    translate_errors<SessionError>("ONNX Runtime could not register EP library " + path + " as " + name,
                                   [&] { ort_env().RegisterExecutionProviderLibrary(name.c_str(), ort_path(path)); });
    // GenAI shares ONNX Runtime's environment, so it may report the library as already
    // registered; anything else is a real failure. Its registration reports errors by throwing.
    try {
      OgaRegisterExecutionProviderLibrary(name.c_str(), path.c_str());
    } catch (const std::exception& e) {
      if (!mentions_already_registered(e.what())) {
        throw SessionError("GenAI could not register EP library " + path + " as " + name + ": " + e.what());
      }
    }
  }

  void set_telemetry_enabled(bool enabled) override {
    OgaSetTelemetryEnabled(enabled);
    set_ort_telemetry(enabled);
  }

  void set_log_sink(LogSeverity min_severity, LogSink sink) override {
    translate_errors<SessionError>("cannot route ONNX Runtime's log",
                                   [&] { set_log_routing(min_severity, std::move(sink)); });
  }

  std::unique_ptr<GenaiModel> load_genai_model(const std::string& bundle_dir) override {
    return impl::load_genai_model(bundle_dir, [this] { return provider_names(); });
  }

  std::unique_ptr<OnnxSession> create_onnx_session(const SessionSpec& spec) override {
    return impl::create_onnx_session(spec);
  }

  void compile_model(const CompileRequest& request) override {
    translate_errors<CompileError>("ONNX Runtime could not compile " + request.input_path, [&] {
      Ort::SessionOptions options = make_session_options(request.providers, 0);
      Ort::ModelCompilationOptions compile_options(ort_env(), options);
      compile_options.SetInputModelPath(ort_path(request.input_path).c_str());
      compile_options.SetOutputModelPath(ort_path(request.output_path).c_str());
      compile_options.SetEpContextEmbedMode(request.embed_context);
      Ort::Status status = Ort::CompileModel(ort_env(), compile_options);
      if (!status.IsOK()) throw CompileError(status.GetErrorMessage());
    });
  }

  ModelCompatibility compiled_model_compatibility(const std::string& compatibility_info,
                                                  const ProviderSpec& provider) override {
    return impl::compiled_model_compatibility(compatibility_info, provider);
  }

  std::vector<DeviceIncompatibility> device_incompatibilities() override { return impl::device_incompatibilities(); }

  // Compiled-in providers and plugin EPs, each once; a failure to list leaves the list short.
  std::vector<std::string> provider_names() {
    std::vector<std::string> names;
    try {
      names = Ort::GetAvailableProviders();
      for (const auto& device : ort_env().GetEpDevices()) {
        if (std::find(names.begin(), names.end(), device.EpName()) == names.end()) names.emplace_back(device.EpName());
      }
    } catch (const std::exception&) {
      // Only used to word an error message; what was listed so far is still worth showing.
    }
    return names;
  }

  void shutdown() override {
    release_ort_env();
    OgaShutdown();
  }
};

}  // namespace
}  // namespace winml::engine::impl

extern "C" WINML_PLUGIN_EXPORT const winml::plugin::Identity* winml_engine_identity() {
  static const winml::plugin::Identity identity{winml::engine::kEngineInterfaceVersion, WINML_VERSION_STRING,
                                                winml::plugin::kToolchain};
  return &identity;
}

extern "C" WINML_PLUGIN_EXPORT winml::engine::Engine* winml_engine_instance() {
  static winml::engine::impl::OrtGenaiEngine engine;
  return &engine;
}
