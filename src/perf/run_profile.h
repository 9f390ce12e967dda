#pragma once
/// \file
/// The op-level profile of one result (`winml perf --profile`): made after the result's timed
/// runs, in runs of its own, so no timed number is measured with profiling on. Plain data; the
/// report writes it as `metrics.profile`. Definitions: docs/metrics.md, "Op-level profile".

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "profile/profile_summary.h"

namespace winml::perf {

/// What --profile asks for.
struct ProfileRequest {
  std::size_t top_k = 10;  ///< --profile-top: nodes listed by time per phase
};

/// The default of --profile-top.
inline constexpr std::size_t kDefaultProfileTop = 10;

/// One phase's profile and how its profiled time compares with the timed runs. All seconds.
struct ProfiledPhase {
  profile::PhaseProfile profile;
  double timed_median_s = 0;  ///< the timed runs' median: prefill, a decode step, or a run
  double profiled_s = 0;      ///< the same measured around the profiled run (decode: its median step)
  /// ONNX Runtime's own session-run time per step (profile.run_us / profile.steps).
  double traced_s() const { return profile.run_us * 1e-6 / static_cast<double>(profile.steps); }
  /// Profiling's own cost: profiled_s - timed_median_s (negative when the profiled run was faster).
  double gap_s() const { return profiled_s - timed_median_s; }
};

/// The profile of a result.
struct RunProfile {
  /// How the traces were made: "session" (every stage's session-level enable_profiling, in a
  /// derived bundle used for the profiling runs only) or "run" (run-level profiling on the timed
  /// session, one trace per run).
  std::string method;
  std::string directory;            ///< the folder beside the report that holds the traces
  std::vector<std::string> traces;  ///< ONNX Runtime's raw traces, names inside `directory`
  std::string merged_trace;         ///< the merged Chrome trace, a name inside `directory`
  std::size_t runs = 0;             ///< profiled runs made (generations, or single-model runs)
  std::size_t top_k = kDefaultProfileTop;
  std::vector<ProfiledPhase> phases;  ///< prefill then decode (GenAI); run 1, run 2, ... (single model)
  /// The CPU's share of the node time over every phase, when a stage was configured for an
  /// accelerator EP; nullopt when everything was configured for the CPU.
  std::optional<double> cpu_share;
};

}  // namespace winml::perf
