#include "perf/run_quality.h"

#include <fmt/format.h>

#include <algorithm>

namespace winml::perf {

RunQuality assess_run(const std::vector<CheckedMetric>& metrics, std::size_t warmup_used) {
  RunQuality q;
  for (const CheckedMetric& m : metrics) {
    if (m.summary->cv > q.cv_threshold) {
      q.high_cv.push_back(m.name);
      q.warnings.push_back(fmt::format(
          "{} varies a lot between iterations (coefficient of variation {:.1f} % > {:.0f} %): its 95 % interval is "
          "±{:.1f} %; close other programs, or run more iterations (--iterations, --target-ci)",
          m.name, m.summary->cv * 100, q.cv_threshold * 100,
          relative_half_width(m.summary->mean_ci, m.summary->mean).value_or(0) * 100));
    }
    q.warmup.push_back(check_warmup(m.name, m.in_order));
  }
  std::string warmup = warmup_warning(q.warmup, warmup_used);
  if (!warmup.empty()) {
    std::size_t most = 0;
    for (const WarmupVerdict& v : q.warmup) most = std::max(most, v.leading_apart);
    q.suggested_warmup = warmup_used + most;
    q.warnings.push_back(std::move(warmup));
  }
  return q;
}

void add_target_ci(RunQuality& quality, const LoopSettings& settings, const std::string& metric, const Summary& primary,
                   std::size_t timed_iterations) {
  quality.target_ci = assess_target_ci(settings, metric, primary, timed_iterations);
  if (!quality.target_ci) return;
  if (std::string warning = target_ci_warning(*quality.target_ci, settings); !warning.empty()) {
    quality.warnings.push_back(std::move(warning));
  }
}

}  // namespace winml::perf
