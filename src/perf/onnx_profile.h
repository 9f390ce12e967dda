#pragma once
/// \file
/// The profiling runs of one single-model result (`winml perf --profile`): after its timed runs,
/// a few Runs of the timed session, each with ONNX Runtime's run-level profiling on through run
/// options of its own (the timed runs' options never carry it), one trace per Run. Never prints.

#include <filesystem>

#include "engine/engine.h"
#include "perf/onnx_result.h"
#include "perf/profile_folder.h"
#include "perf/run_profile.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Profiled Runs per result, each reported apart ("run 1", ...).
inline constexpr std::size_t kProfiledOnnxRuns = 3;

/// Profiles `session` (inputs bound, `sets` data sets, the runs cycling through them from set 0),
/// writing the traces and merged.trace.json into `dir` (created). `accelerated`: the session was
/// configured for an accelerator EP. Each run's timed median is metrics.latency_s.median; `clock`
/// times the profiled Runs. Throws winml::Error when a profile cannot be made or read.
RunProfile profile_onnx(engine::OnnxSession& session, std::size_t sets, const OnnxMetrics& metrics,
                        const std::filesystem::path& dir, const ProfileRequest& request, bool accelerated,
                        const Clock& clock);

}  // namespace winml::perf
