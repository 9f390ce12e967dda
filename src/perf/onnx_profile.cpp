#include "perf/onnx_profile.h"

#include "platform/atomic_file.h"
#include "profile/merged_trace.h"
#include "winml/errors.h"

namespace winml::perf {

RunProfile profile_onnx(engine::OnnxSession& session, std::size_t sets, const OnnxMetrics& metrics,
                        const std::filesystem::path& dir, const ProfileRequest& request, bool accelerated,
                        const Clock& clock) {
  const std::filesystem::path folder = fresh_profile_dir(dir);
  RunProfile result;
  result.method = "run";
  result.directory = folder.string();
  result.runs = kProfiledOnnxRuns;
  result.top_k = request.top_k;
  std::vector<profile::TraceStep> steps;
  std::vector<profile::PhaseProfile> summaries;
  for (std::size_t k = 1; k <= kProfiledOnnxRuns; ++k) {
    const std::string prefix = "run" + std::to_string(k);
    const double start = clock();
    session.run_profiled((k - 1) % std::max<std::size_t>(sets, 1), (folder / prefix).string());
    const double wall = clock() - start;
    const auto files = profiles_of(folder, prefix);
    if (files.size() != 1) {
      throw Error(ErrorCategory::runtime, "--profile: ONNX Runtime wrote " + std::to_string(files.size()) +
                                              " profiles for run " + std::to_string(k) + " in " + folder.string() +
                                              ", not one; check that the folder is writable.");
    }
    result.traces.push_back(files.front().filename().string());
    std::vector<profile::SessionRun> runs = profile::read_trace(files.front(), "model");
    const std::string label = "run " + std::to_string(k);
    ProfiledPhase phase;
    phase.profile = profile::summarize_phase(label, runs, 1, request.top_k, accelerated);
    phase.timed_median_s = metrics.latency_s.median;
    phase.profiled_s = wall;
    summaries.push_back(phase.profile);
    result.phases.push_back(std::move(phase));
    steps.push_back({label, "run", std::move(runs)});
  }
  result.cpu_share = profile::pooled_cpu_share(summaries);
  result.merged_trace = "merged.trace.json";
  platform::write_file_atomically(folder / result.merged_trace, profile::merged_trace_json(steps, {"model"}));
  return result;
}

}  // namespace winml::perf
