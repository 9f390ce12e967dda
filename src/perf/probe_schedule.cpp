#include "perf/probe_schedule.h"

#include <algorithm>
#include <cmath>

namespace winml::perf {

std::uint64_t largest_step_bytes(const RooflineModel& model, std::int64_t longest_context_tokens) {
  const auto positions = static_cast<std::uint64_t>(std::max<std::int64_t>(longest_context_tokens, 0));
  return model.decode_weights.read_per_token_bytes + positions * model.kv_bytes_per_position;
}

bool fits_in_cache(double step_bytes, std::uint64_t last_level_cache_bytes) {
  return last_level_cache_bytes > 0 && step_bytes <= static_cast<double>(last_level_cache_bytes);
}

ProbeSkip probe_skip(BandwidthProbeMode mode, std::uint64_t largest_step_bytes, std::uint64_t last_level_cache_bytes) {
  switch (mode) {
    case BandwidthProbeMode::off:
      return ProbeSkip::off;
    case BandwidthProbeMode::forced:
      return ProbeSkip::none;
    case BandwidthProbeMode::automatic:
      break;
  }
  return fits_in_cache(static_cast<double>(largest_step_bytes), last_level_cache_bytes) ? ProbeSkip::in_cache
                                                                                        : ProbeSkip::none;
}

double probe_budget_seconds(double bracketed_timed_seconds) {
  if (!std::isfinite(bracketed_timed_seconds) || bracketed_timed_seconds <= 0) return 0;
  return std::min(kProbeShareOfRun * bracketed_timed_seconds, kShortBandwidthProbeSeconds);
}

}  // namespace winml::perf
