#pragma once
/// \file
/// The single-model latency loop (runtime winml): one first run, warmup runs, then timed runs by
/// count or time budget. Only the run call sits between the two clock reads; storing the sample,
/// the budget check and progress all happen outside the timed region.

#include <functional>
#include <vector>

#include "perf/interruption.h"
#include "perf/loop_settings.h"
#include "perf/progress.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Durations of every run call, in seconds, by phase.
struct LatencyRun {
  double first_run_s = 0;        ///< the very first call (lazy initialisation), never in statistics
  std::vector<double> warmup_s;  ///< warmup calls, excluded from statistics
  std::vector<double> timed_s;   ///< timed calls: the statistics are computed from these
  double timed_wall_s = 0;       ///< wall time of the whole timed phase, including loop overhead
  bool stopped = false;          ///< `stop` ended it before its plan (Ctrl-C)
};

/// Calls run once untimed-for-statistics (first run), settings.warmup times, then timed until
/// should_start_timed_iteration says stop, so 1 + warmup + timed calls in all. Validates settings
/// first (winml::UsageError). Exceptions from run propagate. Reports every call to progress.
/// Checks `stop` before every call after the first: once it says stop, no further call starts
/// (the timed phase may then have none) and the result is marked `stopped`.
LatencyRun run_latency_benchmark(const std::function<void()>& run, const LoopSettings& settings, const Clock& clock,
                                 ProgressSink& progress, const StopRequest& stop = {});

}  // namespace winml::perf
