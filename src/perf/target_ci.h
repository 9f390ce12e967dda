#pragma once
/// \file
/// --target-ci: keep running timed iterations until the primary metric is known precisely enough,
/// i.e. until the half-width of its 95 % Student t interval is within a given percentage of its
/// mean. Definition: docs/metrics.md, "Target precision".

#include <cstddef>
#include <optional>
#include <string>

#include "perf/loop_settings.h"
#include "stats/statistics.h"

namespace winml::perf {

/// The running 95 % interval of the primary metric while the timed phase goes on: Welford's
/// running mean and variance, so each iteration costs O(1) outside the timed region.
class PrecisionTracker {
 public:
  /// Adds one sample of the primary metric.
  void add(double sample);
  /// Half-width of the 95 % t interval of the mean as a fraction of the mean; empty for fewer
  /// than two samples or a mean of 0 (no interval to speak of).
  std::optional<double> relative_half_width() const;

 private:
  std::size_t count_ = 0;
  double mean_ = 0;
  double squared_deviations_ = 0;  ///< Σ (x - mean)², updated in Welford's stable form
};

/// Why the timed phase of a --target-ci run ended.
enum class TargetCiStop {
  target,          ///< the interval got narrow enough
  max_iterations,  ///< --max-iterations ran out first
  duration,        ///< --duration ran out first
};

/// Whether the precision target was met, for the report and the console.
struct TargetCiOutcome {
  std::string metric;                    ///< the primary metric, as the report names it
  double pct = 0;                        ///< the target: half-width within this percentage of the estimate
  bool met = false;                      ///< half_width_pct <= pct
  std::optional<double> half_width_pct;  ///< the half-width reached, % of the estimate; empty below two samples
  std::size_t iterations = 0;            ///< timed iterations run
  TargetCiStop stopped_by = TargetCiStop::target;  ///< what ended the timed phase
};

/// The outcome for a run of `timed_iterations` that ended with `primary` as the primary metric's
/// statistics (a GenAI iteration without a decode step has no decode rate, so the two counts may
/// differ); empty without --target-ci.
std::optional<TargetCiOutcome> assess_target_ci(const LoopSettings& settings, std::string metric,
                                                const Summary& primary, std::size_t timed_iterations);

/// The report's and the console's name of a stop reason: "target", "max_iterations", "duration".
std::string to_string(TargetCiStop stop);

/// One sentence for the console when the target was not met, naming the bound that stopped the
/// run and what to change; empty when it was met.
std::string target_ci_warning(const TargetCiOutcome& outcome, const LoopSettings& settings);

}  // namespace winml::perf
