#pragma once
/// \file
/// When a GenAI benchmark probes the read bandwidth, and for how long, so that the tool's own cost
/// stays small next to what it measures (docs/metrics.md, "Roofline"): never when what a decode
/// step reads fits in the last-level cache (memory is then no limit, and the roofline calls the run
/// "in cache") unless --bandwidth-probe asks; once before the first and once after the last run of
/// a sweep, not around every combination (the machine, and every core the probe loads, is the
/// same); and with timed rounds of at most a tenth of the timed generations they bracket. Pure.

#include <cstdint>

#include "perf/roofline_result.h"

namespace winml::perf {

/// The probes as the flags ask for them.
enum class BandwidthProbeMode {
  automatic,  ///< the default: probe unless a decode step fits in the last-level cache
  forced,     ///< --bandwidth-probe: probe whatever the step reads
  off,        ///< --no-bandwidth-probe: never probe
};

/// A probe's timed rounds take at most this share of the timed generations it brackets.
inline constexpr double kProbeShareOfRun = 0.1;

/// The most bytes a decode step can read: the decode weights and the key/value cache at
/// `longest_context_tokens` positions (the longest generation of the sweep).
std::uint64_t largest_step_bytes(const RooflineModel& model, std::int64_t longest_context_tokens);

/// True when `step_bytes` fit in a known (non-zero) last-level cache of `last_level_cache_bytes`.
bool fits_in_cache(double step_bytes, std::uint64_t last_level_cache_bytes);

/// Whether the probes run (ProbeSkip::none) or why not: `off` under --no-bandwidth-probe, `in_cache`
/// in automatic mode when the sweep's largest step fits in the last-level cache.
ProbeSkip probe_skip(BandwidthProbeMode mode, std::uint64_t largest_step_bytes, std::uint64_t last_level_cache_bytes);

/// The budget of a probe's timed rounds, in seconds: kProbeShareOfRun x the timed seconds it
/// brackets, at most kShortBandwidthProbeSeconds; 0 (the probe's minimum of kMinBandwidthRounds
/// rounds) when they are unknown or not positive.
double probe_budget_seconds(double bracketed_timed_seconds);

}  // namespace winml::perf
