#include "engine/impl/ort_environment.h"

#include <memory>
#include <string>
#include <unordered_map>

#include "engine/impl/error_translation.h"
#include "engine/impl/log_routing.h"

namespace winml::engine::impl {
namespace {

std::unique_ptr<Ort::Env>& env_slot() {
  static std::unique_ptr<Ort::Env> env;
  return env;
}

// ONNX Runtime's legacy AppendExecutionProvider takes the short provider name.
std::string legacy_name(const std::string& canonical) {
  const std::string suffix = "ExecutionProvider";
  if (canonical.size() > suffix.size() && canonical.ends_with(suffix)) {
    return canonical.substr(0, canonical.size() - suffix.size());
  }
  return canonical;
}

bool g_ort_telemetry = false;

void apply_telemetry(Ort::Env& env) {
  if (g_ort_telemetry) {
    env.EnableTelemetryEvents();
  } else {
    env.DisableTelemetryEvents();
  }
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

Ort::SessionOptions make_session_options(const std::vector<ProviderSpec>& providers, int intra_op_threads) {
  Ort::SessionOptions options;
  if (intra_op_threads > 0) options.SetIntraOpNumThreads(intra_op_threads);
  for (const auto& provider : providers) {
    if (provider.name == "CPUExecutionProvider") continue;
    translate_errors<GenaiLoadError>("cannot add execution provider " + provider.name, [&] {
      std::vector<Ort::ConstEpDevice> devices;
      for (const auto& device : ort_env().GetEpDevices()) {
        if (provider.name == device.EpName()) devices.push_back(device);
      }
      std::unordered_map<std::string, std::string> provider_options(provider.options.begin(), provider.options.end());
      if (!devices.empty()) {
        options.AppendExecutionProvider_V2(ort_env(), devices, provider_options);
      } else {
        options.AppendExecutionProvider(legacy_name(provider.name), provider_options);
      }
    });
  }
  return options;
}

}  // namespace winml::engine::impl
