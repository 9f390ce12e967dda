#pragma once
/// \file
/// Checks of how trustworthy a run's numbers are: a high coefficient of variation and a warmup
/// that was too short. They warn, through the result (and so the report) and the
/// BenchmarkObserver; they never change a statistic. Definitions: docs/metrics.md, "Uncertainty".

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perf/target_ci.h"
#include "perf/warmup_check.h"
#include "stats/statistics.h"

namespace winml::perf {

/// A coefficient of variation above this (10 %) is warned about: with 10 iterations the 95 %
/// interval of the mean is then wider than ±7 % (t(0.975, 9) · 10 % / √10), too wide to tell a
/// 5 % regression from noise.
inline constexpr double kHighCvThreshold = 0.10;

/// One checked metric: its report name, its statistics and its samples in run order.
struct CheckedMetric {
  std::string name;              ///< as the report names it, e.g. "ttft_ms"
  const Summary* summary;        ///< its statistics (cv)
  std::vector<double> in_order;  ///< its samples in run order (the warmup check)
};

/// What the checks found.
struct RunQuality {
  double cv_threshold = kHighCvThreshold;    ///< the threshold in force
  std::vector<std::string> high_cv;          ///< metrics whose cv exceeds the threshold
  std::vector<WarmupVerdict> warmup;         ///< one verdict per checked metric
  std::size_t suggested_warmup = 0;          ///< warmup to use next time; 0 when the warmup was long enough
  std::vector<std::string> warnings;         ///< one sentence each, for the console and the report
  std::optional<TargetCiOutcome> target_ci;  ///< --target-ci: whether the precision target was met
};

/// Runs both checks over `metrics`; `warmup_used` is the run's warmup count.
RunQuality assess_run(const std::vector<CheckedMetric>& metrics, std::size_t warmup_used);

/// Adds the --target-ci outcome for a run of `timed_iterations` whose primary metric is `primary`
/// (nothing without --target-ci), with its warning when the target was not met.
void add_target_ci(RunQuality& quality, const LoopSettings& settings, const std::string& metric, const Summary& primary,
                   std::size_t timed_iterations);

}  // namespace winml::perf
