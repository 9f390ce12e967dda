#include "perf/run_quality.h"

#include <fmt/format.h>

#include <algorithm>

namespace winml::perf {

std::string reach_text(const RelativeReach& reach) {
  if (reach.clipped) return fmt::format("+{:.1f} % and cut at 0 below", reach.above * 100);
  if (reach.symmetric()) return fmt::format("±{:.1f} %", reach.above * 100);
  return fmt::format("-{:.1f} %/+{:.1f} %", reach.below * 100, reach.above * 100);
}

std::string high_variation_warning(const HighVariation& metric, double threshold) {
  return fmt::format(
      "{} varies a lot between iterations (coefficient of variation {:.1f} % > {:.0f} %): its 95 % interval is "
      "{}; close other programs, or run more iterations (--iterations, --target-ci)",
      metric.metric, metric.cv * 100, threshold * 100, metric.reach ? reach_text(*metric.reach) : "unknown");
}

RunQuality assess_run(const std::vector<CheckedMetric>& metrics, const WarmupScale& warmup_scale) {
  RunQuality q;
  for (const CheckedMetric& m : metrics) {
    if (m.summary->cv > q.cv_threshold) {
      q.high_cv.push_back({m.name, m.summary->cv, relative_reach(m.summary->mean_ci, m.summary->mean)});
      q.warnings.push_back(high_variation_warning(q.high_cv.back(), q.cv_threshold));
    }
    q.warmup.push_back(check_warmup(m.name, m.in_order));
  }
  q.warmup_warning = warmup_warning(q.warmup, warmup_scale);
  if (!q.warmup_warning.empty()) {
    std::size_t most = 0;
    for (const WarmupVerdict& v : q.warmup) most = std::max(most, v.leading_apart);
    q.suggested_warmup = suggested_warmup(most, warmup_scale);
    q.warnings.push_back(q.warmup_warning);
  }
  return q;
}

RunQuality assess_run(const std::vector<CheckedMetric>& metrics, std::size_t warmup_used) {
  return assess_run(metrics, WarmupScale{warmup_used});
}

void add_target_ci(RunQuality& quality, const LoopSettings& settings, const std::string& metric, const Summary& primary,
                   std::size_t timed_iterations) {
  quality.target_ci = assess_target_ci(settings, metric, primary, timed_iterations);
  if (!quality.target_ci) return;
  quality.target_ci_warning = target_ci_warning(*quality.target_ci, settings);
  if (!quality.target_ci_warning.empty()) quality.warnings.push_back(quality.target_ci_warning);
}

std::string other_load_warning(const std::string& other_load) {
  return other_load + ": results are noisy; close other programs, or measure where nothing else runs";
}

}  // namespace winml::perf
