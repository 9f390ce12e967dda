#pragma once
/// \file
/// Where the time of a set of session runs went: by stage, by EP, by operator type and by the
/// three together (the HTML report's stacked bars), the top nodes, and the CPU share. Pure: the
/// runs come from trace_file.h. Definitions: docs/metrics.md, "Op-level profile".

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "profile/trace_file.h"

namespace winml::profile {

/// The name ONNX Runtime gives its CPU EP in a profile's args.provider.
inline constexpr const char* kCpuEp = "CPUExecutionProvider";

/// One group's node kernel time: `count` node executions taking `us` microseconds, `share` of the
/// phase's node time (0..1).
struct TimeShare {
  std::string name;
  std::size_t count = 0;
  double us = 0;
  double share = 0;
};

/// Node time of one stage × EP × operator type.
struct ProfileCell {
  std::string stage;
  std::string ep;
  std::string op_type;
  std::size_t count = 0;
  double us = 0;
};

/// One node (by stage and name) summed over the phase's runs.
struct TopNode {
  std::string stage;
  std::string node;
  std::string op_type;
  std::string ep;
  std::size_t count = 0;  ///< executions in the phase
  double us = 0;
  double share = 0;  ///< of the phase's node time
};

/// The profile of one phase (prefill, decode, or one run of a single model).
struct PhaseProfile {
  std::string phase;                ///< "prefill", "decode", "run 1", ...
  std::size_t runs = 0;             ///< session runs summed (a pipeline step runs several sessions)
  std::size_t steps = 1;            ///< generation steps the runs make (decode: its steps; else 1)
  double run_us = 0;                ///< the session runs' own durations (model_run), summed
  double node_us = 0;               ///< node kernel times, summed; the rest of run_us is ORT's executor
  std::vector<TimeShare> stages;    ///< node time by stage, in the order stages first appear
  std::vector<TimeShare> eps;       ///< node time by EP, largest first
  std::vector<TimeShare> op_types;  ///< node time by operator type, largest first
  std::vector<ProfileCell> cells;   ///< stage × EP × operator type, largest first
  std::vector<TopNode> top;         ///< the top_k nodes by time, largest first
  /// Share of node time on the CPU EP (0..1) when an accelerator was configured; else nullopt.
  std::optional<double> cpu_share;
};

/// Sums `runs` into a PhaseProfile. `steps` is what the runs make of the generation (per-step
/// figures divide by it); `accelerated` says an accelerator EP was configured for some stage, so
/// the CPU share is meaningful. Ties order by name, so the output is stable.
PhaseProfile summarize_phase(const std::string& phase, const std::vector<SessionRun>& runs, std::size_t steps,
                             std::size_t top_k, bool accelerated);

/// The CPU share over several phases together (their node times pooled); nullopt when none has one.
std::optional<double> pooled_cpu_share(const std::vector<PhaseProfile>& phases);

}  // namespace winml::profile
