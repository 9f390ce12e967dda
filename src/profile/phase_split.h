#pragma once
/// \file
/// Which session runs of a GenAI profile were prefill and which were decode. A stage's
/// session-level profile (how a decoder-pipeline stage is profiled, docs/metrics.md) records every
/// Run of that session in order, with no mark of the generation step. The profiling runs make
/// `generations` identical generations of fixed length, so each stage's runs split into that many
/// equal groups; in the last one, the final `decode_steps` runs of a stage that runs during token
/// generation are the decode steps and the runs before them the prefill (the depth fill included).

#include <cstddef>
#include <string>
#include <vector>

#include "profile/trace_file.h"

namespace winml::profile {

/// Every run one stage's session recorded, in order.
struct StageTrace {
  std::string stage;
  bool runs_on_token_gen = true;  ///< the stage's run_on_token_gen (false: every run is prefill)
  std::vector<SessionRun> runs;
};

/// The last generation's runs of one stage.
struct StagePhases {
  std::string stage;
  std::vector<SessionRun> prefill;
  std::vector<SessionRun> decode;  ///< one per decode step
};

/// Splits each stage's runs as the file comment says. Throws winml::Error (runtime) naming the
/// stage when its run count is not a multiple of `generations`, or its last group has fewer runs
/// than the decode steps: then the profile does not match the generations that made it.
std::vector<StagePhases> split_last_generation(const std::vector<StageTrace>& stages, std::size_t generations,
                                               std::size_t decode_steps);

/// The prefill (decode = false) or decode runs of every stage, in stage order.
std::vector<SessionRun> phase_runs(const std::vector<StagePhases>& stages, bool decode);

}  // namespace winml::profile
