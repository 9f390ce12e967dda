#include <filesystem>

#include "perf_options.h"
#include "platform/file_kind.h"
#include "winml/errors.h"

namespace winml::cli {

const std::vector<std::string>& genai_only_flags() {
  static const std::vector<std::string> flags = {
      "--prompt",     "--prompt-file",     "--prompt-tokens",     "--max-new-tokens",  "--depth",
      "--max-length", "--apply-template",  "--no-apply-template", "--stop-at-eos",     "--compile",
      "--no-compile", "--compile-timeout", "--allow-custom-ops",  "--bandwidth-probe", "--no-bandwidth-probe"};
  return flags;
}

const std::vector<std::string>& onnx_only_flags() {
  static const std::vector<std::string> flags = {"--batch-size", "--shape", "--input-data",
                                                 "--validate",   "--rtol",  "--atol"};
  return flags;
}

std::string resolve_runtime(const std::string& runtime, const std::string& model) {
  namespace fs = std::filesystem;
  if (!fs::exists(model)) {
    throw UsageError("model '" + model + "' does not exist. Pass a GenAI bundle folder or an .onnx file with -m.");
  }
  bool is_bundle = fs::is_directory(model);
  if (!is_bundle && platform::file_kind(model) != platform::FileKind::regular) {
    // ONNX Runtime would block on a FIFO and never finish reading a device.
    throw UsageError("model '" + model +
                     "' is a device, FIFO or socket, not a file. Pass a GenAI bundle folder or an .onnx file with -m.");
  }
  if (runtime == "auto") {
    if (is_bundle) {
      if (!fs::exists(fs::path(model) / "genai_config.json")) {
        throw UsageError("'" + model + "' is a folder without genai_config.json, so it is not a GenAI bundle. " +
                         "Pass a bundle folder or an .onnx file.");
      }
      return "winml-genai";
    }
    if (fs::path(model).extension() != ".onnx") {
      throw UsageError("cannot tell the runtime for '" + model +
                       "': pass a bundle folder or an .onnx file, or choose one with --runtime winml|winml-genai.");
    }
    return "winml";
  }
  if (runtime == "winml-genai" && !is_bundle) {
    throw UsageError("--runtime winml-genai needs a bundle folder, but '" + model + "' is a file.");
  }
  if (runtime == "winml" && is_bundle) {
    throw UsageError("--runtime winml needs an .onnx file, but '" + model +
                     "' is a folder. Use --runtime winml-genai for bundles.");
  }
  return runtime;
}

perf::LoopRequest loop_request(const PerfOptions& options) {
  return {options.iterations, options.warmup, options.duration_s, options.target_ci_pct, options.max_iterations};
}

perf::RoundPlan round_plan(const PerfOptions& options) { return {options.rounds, options.delay_s}; }

perf::ReportTarget report_target(const PerfOptions& options) {
  return {options.model, options.output, options.overwrite};
}

std::vector<std::string> ignored_flags(const std::string& runtime, const std::set<std::string>& given) {
  const auto& foreign = runtime == "winml-genai" ? onnx_only_flags() : genai_only_flags();
  std::vector<std::string> ignored;
  for (const auto& flag : foreign) {
    if (given.count(flag) != 0) ignored.push_back(flag);
  }
  return ignored;
}

}  // namespace winml::cli
