#include "perf/throttle_check.h"

#include <fmt/format.h>

namespace winml::perf {

std::optional<double> clock_drop_percent(const ClockCheck& check) {
  if (!check.before.known() || !check.after.known()) return std::nullopt;
  return (check.before.mean_mhz - check.after.mean_mhz) / check.before.mean_mhz * 100.0;
}

std::optional<bool> throttled(const ClockCheck& check) {
  const auto drop = clock_drop_percent(check);
  if (!drop) return std::nullopt;
  return *drop > kThrottleDropPercent;
}

std::optional<bool> any_throttled(const std::vector<ClockCheck>& checks) {
  std::optional<bool> verdict;
  for (const ClockCheck& check : checks) {
    const auto run = throttled(check);
    if (!run) continue;
    verdict = verdict.value_or(false) || *run;
  }
  return verdict;
}

std::string throttle_warning(const ClockCheck& check, const std::string& label) {
  const std::string what = label.empty() ? std::string("the run") : label;
  return fmt::format(
      "the CPU clock fell {:.0f} % during {}{} (mean {:.0f} MHz before, {:.0f} MHz after; more than {:.0f} % is "
      "throttling), so its later iterations ran on a slower machine. Let it cool between runs with --delay S, and "
      "spread the heat over every combination alike with --rounds R.",
      clock_drop_percent(check).value_or(0), what, check.round > 1 ? fmt::format(" (round {})", check.round) : "",
      check.before.mean_mhz, check.after.mean_mhz, kThrottleDropPercent);
}

}  // namespace winml::perf
