#include "session/artifact_compatibility.h"

namespace winml::session {

compile::Compatibility to_compile_compatibility(engine::ModelCompatibility verdict) {
  switch (verdict) {
    case engine::ModelCompatibility::optimal:
      return compile::Compatibility::optimal;
    case engine::ModelCompatibility::prefer_recompile:
      return compile::Compatibility::prefer_recompile;
    case engine::ModelCompatibility::unsupported:
      return compile::Compatibility::unsupported;
    case engine::ModelCompatibility::not_applicable:
      break;
  }
  return compile::Compatibility::not_applicable;
}

compile::CompatibilityCheck engine_compatibility_check(engine::Engine& engine) {
  return [&engine](const std::string& compatibility_info, const compile::CompileConfig& config) {
    engine::ProviderSpec provider;
    provider.name = config.ep;
    provider.options = config.options;
    provider.device_type = config.device;
    return to_compile_compatibility(engine.compiled_model_compatibility(compatibility_info, provider));
  };
}

}  // namespace winml::session
