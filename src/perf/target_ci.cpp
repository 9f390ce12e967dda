#include "perf/target_ci.h"

#include <fmt/format.h>

#include <cmath>

#include "stats/confidence_interval.h"
#include "util/plural.h"

namespace winml::perf {

void PrecisionTracker::add(double sample) {
  ++count_;
  const double delta = sample - mean_;
  mean_ += delta / static_cast<double>(count_);
  squared_deviations_ += delta * (sample - mean_);
}

std::optional<double> PrecisionTracker::relative_half_width() const {
  if (count_ < 2 || mean_ == 0) return std::nullopt;
  const double n = static_cast<double>(count_);
  const double stddev = std::sqrt(squared_deviations_ / (n - 1));
  const double t = student_t_quantile(1 - (1 - kConfidenceLevel) / 2, n - 1);
  return t * stddev / std::sqrt(n) / std::fabs(mean_);
}

std::optional<TargetCiOutcome> assess_target_ci(const LoopSettings& settings, std::string metric,
                                                const Summary& primary, std::size_t timed_iterations) {
  if (!settings.target_ci_pct) return std::nullopt;
  TargetCiOutcome o;
  o.metric = std::move(metric);
  o.pct = *settings.target_ci_pct;
  o.iterations = timed_iterations;
  if (auto fraction = relative_half_width(primary.mean_ci, primary.mean)) o.half_width_pct = *fraction * 100;
  o.met = o.half_width_pct && *o.half_width_pct <= o.pct;
  if (o.met) {
    o.stopped_by = TargetCiStop::target;
  } else if (timed_iterations >= settings.max_iterations) {
    o.stopped_by = TargetCiStop::max_iterations;
  } else {
    o.stopped_by = TargetCiStop::duration;
  }
  return o;
}

std::string to_string(TargetCiStop stop) {
  switch (stop) {
    case TargetCiStop::target:
      return "target";
    case TargetCiStop::max_iterations:
      return "max_iterations";
    case TargetCiStop::duration:
      return "duration";
  }
  return "target";
}

std::string target_ci_warning(const TargetCiOutcome& outcome, const LoopSettings& settings) {
  if (outcome.met) return {};
  const std::string reached =
      outcome.half_width_pct ? fmt::format("±{:.2f} %", *outcome.half_width_pct) : std::string("no interval");
  const std::string bound = outcome.stopped_by == TargetCiStop::duration
                                ? fmt::format("--duration {:g} ran out", settings.duration_s.value_or(0))
                                : fmt::format("--max-iterations {} ran out", settings.max_iterations);
  return fmt::format(
      "--target-ci {:g} not met: {} is known to {} of its mean after {} ({}); raise the bound, or accept a wider "
      "target",
      outcome.pct, outcome.metric, reached, count_of(outcome.iterations, "iteration"), bound);
}

}  // namespace winml::perf
