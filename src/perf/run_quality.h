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

/// A checked metric whose cv exceeds the threshold.
struct HighVariation {
  std::string metric;                  ///< as the report names it
  double cv = 0;                       ///< its coefficient of variation (a fraction)
  std::optional<RelativeReach> reach;  ///< its mean's 95 % interval around the mean; empty below two samples
};

/// What the checks found.
struct RunQuality {
  double cv_threshold = kHighCvThreshold;  ///< the threshold in force
  std::vector<HighVariation> high_cv;      ///< metrics whose cv exceeds the threshold, in check order
  std::vector<WarmupVerdict> warmup;       ///< one verdict per checked metric
  std::size_t suggested_warmup = 0;        ///< warmup to use next time; 0 when the warmup was long enough
  std::string warmup_warning;              ///< the warning about the warmup; empty when it was long enough
  std::string target_ci_warning;           ///< the warning about a missed --target-ci; empty otherwise
  /// "other processes used 0.90 of 2 cores during the timed runs" above the other-load threshold
  /// (resources/usage_summary.h); empty otherwise or unsampled.
  std::string other_load;
  double other_busy_cores = 0;               ///< the figure it gives, to find the worst of a sweep
  std::vector<std::string> warnings;         ///< every warning, one sentence each: the report keeps them all
  std::optional<TargetCiOutcome> target_ci;  ///< --target-ci: whether the precision target was met
};

/// The sentence about one metric that varies too much ("ttft_ms varies a lot between iterations
/// (...): its 95 % interval is ±12.0 %; close other programs, ...").
std::string high_variation_warning(const HighVariation& metric, double threshold);

/// The warning of an `other_load` sentence: it, and that the results are noisy and what to do.
std::string other_load_warning(const std::string& other_load);

/// "±7.1 %" for an interval as far below its estimate as above, "-100 %/+240.3 %" otherwise.
std::string reach_text(const RelativeReach& reach);

/// Runs both checks over `metrics`; `warmup` says how the run counts its warmup.
RunQuality assess_run(const std::vector<CheckedMetric>& metrics, const WarmupScale& warmup);
/// The same for a loop of `warmup_used` warmup iterations.
RunQuality assess_run(const std::vector<CheckedMetric>& metrics, std::size_t warmup_used);

/// Adds the --target-ci outcome for a run of `timed_iterations` whose primary metric is `primary`
/// (nothing without --target-ci), with its warning when the target was not met.
void add_target_ci(RunQuality& quality, const LoopSettings& settings, const std::string& metric, const Summary& primary,
                   std::size_t timed_iterations);

}  // namespace winml::perf
