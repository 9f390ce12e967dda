#include "perf_options.h"

namespace winml::cli {

const std::vector<std::string>& genai_only_flags() {
  static const std::vector<std::string> flags = {"--prompt",
                                                 "--prompt-file",
                                                 "--prompt-tokens",
                                                 "--max-new-tokens",
                                                 "--depth",
                                                 "--max-length",
                                                 "--apply-template",
                                                 "--no-apply-template",
                                                 "--stop-at-eos",
                                                 "--compile",
                                                 "--no-compile",
                                                 "--compile-timeout",
                                                 "--compile-jobs",
                                                 "--allow-custom-ops",
                                                 "--bandwidth-probe",
                                                 "--no-bandwidth-probe",
                                                 "--concurrency",
                                                 "--request-rate",
                                                 "--burstiness",
                                                 "--requests",
                                                 "--slo",
                                                 "--turns",
                                                 "--no-tokenizer"};
  return flags;
}

const std::vector<std::string>& onnx_only_flags() {
  static const std::vector<std::string> flags = {"--batch-size", "--shape", "--input-data",
                                                 "--validate",   "--rtol",  "--atol"};
  return flags;
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
