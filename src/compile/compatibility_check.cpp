#include "compile/compatibility_check.h"

#include <fmt/format.h>

#include "compile/onnx_scan.h"
#include "winml/errors.h"

namespace winml::compile {

std::string compatibility_info_key(const std::string& ep) { return "ep_compatibility_info." + ep; }

Compatibility check_compatibility(const CompatibilityCheck& check, const std::filesystem::path& model,
                                  const CompileConfig& config, std::string* problem) {
  if (!check) return Compatibility::not_checked;
  const OnnxScan scan = scan_onnx(model);
  if (!scan.valid) {
    if (problem != nullptr) *problem = "the compatibility check could not read the model: " + scan.problem;
    return Compatibility::not_checked;
  }
  const auto info = scan.metadata.find(compatibility_info_key(config.ep));
  if (info == scan.metadata.end()) return Compatibility::not_applicable;
  try {
    return check(info->second, config);
  } catch (const Error& e) {
    if (problem != nullptr) *problem = std::string("the compatibility check failed: ") + e.what();
    return Compatibility::not_checked;
  }
}

std::string recompile_reason(Compatibility verdict, const CompileConfig& config) {
  switch (verdict) {
    case Compatibility::unsupported:
      return fmt::format("ONNX Runtime says the cached artifact cannot run on {} {} (unsupported)", config.alias,
                         config.device);
    case Compatibility::prefer_recompile:
      return fmt::format("ONNX Runtime prefers the cached artifact recompiled for {} {}", config.alias, config.device);
    case Compatibility::not_checked:
    case Compatibility::not_applicable:
    case Compatibility::optimal:
      break;
  }
  return {};
}

std::string stale_model_warning(const std::string& stage, Compatibility verdict, const CompileConfig& config) {
  switch (verdict) {
    case Compatibility::unsupported:
      return fmt::format(
          "stage {}: ONNX Runtime says its EPContext model cannot run on {} {} (unsupported); recompile it from "
          "the original model for this device (winml compile) or choose the device it was compiled for",
          stage, config.alias, config.device);
    case Compatibility::prefer_recompile:
      return fmt::format(
          "stage {}: ONNX Runtime says its EPContext model runs on {} {} but would run better recompiled "
          "(prefer_recompile); recompile it from the original model (winml compile)",
          stage, config.alias, config.device);
    case Compatibility::not_checked:
    case Compatibility::not_applicable:
    case Compatibility::optimal:
      break;
  }
  return {};
}

}  // namespace winml::compile
