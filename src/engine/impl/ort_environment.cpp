#include "engine/impl/ort_environment.h"

#include <onnxruntime_session_options_config_keys.h>

#include <memory>
#include <string>
#include <unordered_map>

#include "engine/ep_device_selection.h"
#include "engine/impl/error_translation.h"
#include "engine/impl/log_routing.h"

namespace winml::engine::impl {
namespace {

std::unique_ptr<Ort::Env>& env_slot() {
  static std::unique_ptr<Ort::Env> env;
  return env;
}

bool g_ort_telemetry = false;

void apply_telemetry(Ort::Env& env) {
  if (g_ort_telemetry) {
    env.EnableTelemetryEvents();
  } else {
    env.DisableTelemetryEvents();
  }
}

GraphOptimizationLevel optimization_level(const std::string& name) {
  // GenAI's spellings (its config reads these four).
  if (name == "ORT_DISABLE_ALL") return ORT_DISABLE_ALL;
  if (name == "ORT_ENABLE_BASIC") return ORT_ENABLE_BASIC;
  if (name == "ORT_ENABLE_EXTENDED") return ORT_ENABLE_EXTENDED;
  if (name == "ORT_ENABLE_ALL") return ORT_ENABLE_ALL;
  throw GenaiLoadError("unknown graph_optimization_level '" + name +
                       "'; use ORT_DISABLE_ALL, ORT_ENABLE_BASIC, ORT_ENABLE_EXTENDED or ORT_ENABLE_ALL.");
}

}  // namespace

Ort::Env& ort_env() {
  auto& env = env_slot();
  if (!env) {
    // Our logging function, never ORT's coloured stderr lines (log_routing.h).
    env = std::make_unique<Ort::Env>(ort_log_level(), "winml", ort_log_function, nullptr);
    apply_telemetry(*env);
  }
  return *env;
}

void set_ort_telemetry(bool enabled) {
  g_ort_telemetry = enabled;
  if (auto& env = env_slot()) apply_telemetry(*env);
}

void release_ort_env() { env_slot().reset(); }

std::string device_type_name(OrtHardwareDeviceType type) {
  switch (type) {
    case OrtHardwareDeviceType_GPU:
      return "gpu";
    case OrtHardwareDeviceType_NPU:
      return "npu";
    default:
      return "cpu";
  }
}

Ort::SessionOptions make_session_options(const std::vector<ProviderSpec>& providers, int intra_op_threads) {
  Ort::SessionOptions options;
  if (intra_op_threads > 0) options.SetIntraOpNumThreads(intra_op_threads);
  for (const auto& provider : providers) {
    translate_errors<GenaiLoadError>("cannot add execution provider " + provider.name, [&] {
      std::vector<Ort::ConstEpDevice> ort_devices = ort_env().GetEpDevices();
      std::vector<EpDevice> described;
      for (const auto& device : ort_devices)
        described.push_back({device.EpName(), device_type_name(device.Device().Type()), ""});
      std::vector<Ort::ConstEpDevice> chosen;
      for (std::size_t index : select_ep_devices(described, provider)) chosen.push_back(ort_devices[index]);
      std::unordered_map<std::string, std::string> provider_options(provider.options.begin(), provider.options.end());
      if (!chosen.empty()) {
        options.AppendExecutionProvider_V2(ort_env(), chosen, provider_options);
        return;
      }
      // The EP has devices, none of the type asked for: running it elsewhere would report one
      // device and measure another.
      ProviderSpec any_device = provider;
      any_device.device_type.clear();
      if (!select_ep_devices(described, any_device).empty()) {
        throw GenaiLoadError(provider.name + " has no " + provider.device_type +
                             " device on this machine. Choose a device it lists (`winml sys`) or another EP.");
      }
      if (provider.legacy_name.empty()) {
        throw GenaiLoadError(provider.name +
                             " lists no EP device and has no built-in registration. Register its "
                             "plugin library with --ep-library NAME=PATH.");
      }
      options.AppendExecutionProvider(provider.legacy_name, provider_options);
    });
  }
  return options;
}

Ort::SessionOptions make_session_options(const SessionSpec& spec) {
  Ort::SessionOptions options = make_session_options(spec.providers, spec.intra_op_threads);
  if (!spec.graph_optimization_level.empty()) {
    options.SetGraphOptimizationLevel(optimization_level(spec.graph_optimization_level));
  }
  translate_errors<GenaiLoadError>("cannot set a session config entry", [&] {
    // Recording costs a list of names per session; every session keeps it so that a report can
    // say where its nodes ran without a second session.
    options.AddConfigEntry(kOrtSessionOptionsRecordEpGraphAssignmentInfo, "1");
    for (const auto& [key, value] : spec.config_entries) options.AddConfigEntry(key.c_str(), value.c_str());
  });
  return options;
}

}  // namespace winml::engine::impl
