#include "perf/warmup_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "stats/outliers.h"
#include "util/plural.h"

namespace winml::perf {

WarmupVerdict check_warmup(std::string metric, const std::vector<double>& samples) {
  WarmupVerdict v;
  v.metric = std::move(metric);
  const std::size_t n = samples.size();
  if (n < kWarmupCheckMinSamples) return v;
  v.checked = true;
  const std::vector<double> reference(samples.begin() + static_cast<std::ptrdiff_t>((n + 1) / 2), samples.end());
  const double m = midpoint_median(reference);
  const double band = std::max(kOutlierZ * kMadToSigma * median_absolute_deviation(reference),
                               kWarmupCheckMinRelativeGap * std::fabs(m));
  int side = 0;  // +1 above the reference, -1 below; the leading run must keep to one side
  for (std::size_t i = 0; i < n / 2; ++i) {
    const double d = samples[i] - m;
    if (std::fabs(d) <= band) break;
    const int s = d > 0 ? 1 : -1;
    if (side != 0 && s != side) break;
    side = s;
    ++v.leading_apart;
  }
  return v;
}

std::size_t suggested_warmup(std::size_t leading_apart, const WarmupScale& scale) {
  if (leading_apart <= scale.first_wave) return 0;
  const std::size_t per = std::max<std::size_t>(1, scale.per_flag);
  return scale.flag + (leading_apart - scale.first_wave + per - 1) / per;
}

std::string warmup_warning(const std::vector<WarmupVerdict>& verdicts, const WarmupScale& scale) {
  const WarmupVerdict* worst = nullptr;
  for (const WarmupVerdict& v : verdicts) {
    if (v.leading_apart > scale.first_wave && (worst == nullptr || v.leading_apart > worst->leading_apart)) worst = &v;
  }
  if (worst == nullptr) return {};
  const std::size_t n = worst->leading_apart;
  const std::size_t use = suggested_warmup(n, scale);
  const std::string wave =
      scale.first_wave > 0 ? fmt::format(" (past the first {}, admitted together)", scale.first_wave) : std::string();
  const std::string runs = scale.per_flag > 1 ? fmt::format(": {} warmup conversations", use * scale.per_flag) : "";
  return fmt::format(
      "warmup looks too short: the first {} of {} {} from the steady state of the later ones{}; rerun with --warmup "
      "{} (or more{}) so they do not weigh on the statistics",
      n == 1 ? std::string(scale.noun) : count_of(n, scale.noun), worst->metric, agree(n, "differs", "differ"), wave,
      use, runs);
}

std::string warmup_warning(const std::vector<WarmupVerdict>& verdicts, std::size_t warmup_used) {
  return warmup_warning(verdicts, WarmupScale{warmup_used});
}

}  // namespace winml::perf
