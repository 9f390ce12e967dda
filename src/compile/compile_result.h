#pragma once
/// \file
/// What the compile step reports for each stage (or single model), and the callbacks it reports
/// progress through. Library code never prints; the caller decides where messages go.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace winml::compile {

/// Receives one human-readable message.
using Notify = std::function<void(const std::string&)>;

/// What happened to one stage.
enum class StageAction {
  compiled,   ///< compiled now into an EPContext model
  reused,     ///< a cached EPContext model matched and was used
  fell_back,  ///< compiling failed or timed out; the original ONNX is used (just-in-time)
  jit,        ///< the EP does not produce EPContext models; the original ONNX is used
};

/// "compiled", "reused", "fell_back", "jit".
std::string_view to_string(StageAction action);

/// What the runtime said of the EPContext model a stage runs from, on the devices it runs on
/// (ONNX Runtime's GetModelCompatibilityForEpDevices; compatibility_check.h).
enum class Compatibility {
  not_checked,       ///< no EPContext model, or nothing to ask (no check given, or the check failed)
  not_applicable,    ///< the model carries no compatibility info for the EP, or the EP makes no claim
  optimal,           ///< runs as compiled
  prefer_recompile,  ///< runs, but the EP would rather have it recompiled for these devices
  unsupported,       ///< cannot run on these devices
};

/// "not_checked", "not_applicable", "optimal", "prefer_recompile", "unsupported".
std::string_view to_string(Compatibility compatibility);

/// The outcome for one stage.
struct StageResult {
  std::string stage;  ///< stage name
  std::string ep;     ///< EP alias ("qnn", "cpu"), or the name as given when unknown
  StageAction action = StageAction::jit;
  double seconds = 0;              ///< time spent on this stage (compiling, or checking the cache)
  std::string detail;              ///< why it fell back / stayed JIT, or what went wrong but was survived
  std::string filename;            ///< what genai_config.json should name: the artifact's path relative
                                   ///< to the output folder, or the stage's original filename
  std::filesystem::path artifact;  ///< the compiled model (compiled/reused), else empty
  Compatibility compatibility = Compatibility::not_checked;  ///< of the EPContext model the stage runs from
};

}  // namespace winml::compile
