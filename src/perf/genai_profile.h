#pragma once
/// \file
/// The profiling runs of one GenAI result (`winml perf --profile`). GenAI 0.18 cannot reach a
/// decoder-pipeline stage with run-level profiling (bundle/session_profiling.h), so every stage's
/// session profiles itself, session-level, in a second session opened on the folder the timed runs
/// loaded (their EP routing, threads and compiled stages; nothing is compiled again). The timed
/// session is unloaded meanwhile, so one model is in memory at a time. Never prints.

#include <filesystem>
#include <vector>

#include "perf/genai_result.h"
#include "perf/profile_folder.h"
#include "perf/run_profile.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// The generations the profiling session makes: the first warms it (allocations, first-run
/// costs), the second is the one reported.
inline constexpr std::size_t kProfiledGenerations = 2;

/// What the profiling runs repeat of the timed runs.
struct GenaiProfileInputs {
  const std::vector<std::int32_t>& depth_ids;
  const std::vector<std::int32_t>& prompt_ids;
  GenerationConfig generation;
};

/// Profiles `timed` (loaded; unloaded on return, the caller reloads it) with `inputs`, writing the
/// raw traces and merged.trace.json into `dir` (created; absolute paths are used for ONNX
/// Runtime). `base` gives the engine, the clock and the trust of the timed session. The timed
/// medians come from `metrics`. Throws winml::Error when a profile cannot be made or read.
RunProfile profile_genai(GenaiSession& timed, const GenaiSessionOptions& base, const GenaiProfileInputs& inputs,
                         const GenaiMetrics& metrics, const std::filesystem::path& dir, const ProfileRequest& request);

}  // namespace winml::perf
