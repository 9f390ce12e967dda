#pragma once
/// \file
/// Whether the machine throttled while a run measured: the CPU clock read right before a run's
/// warmup and right after its last timed iteration, and the verdict on the drop between them
/// (docs/metrics.md, "Run hygiene"). Pure: the readings come from BenchmarkServices.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "platform/cpu_clock.h"

namespace winml::perf {

/// A run is throttled when its mean clock dropped by more than this share of the before-value, in
/// percent. Governors move the clock by a few percent from one reading to the next on an idle,
/// cool machine; a tenth is beyond that and is what thermal or power limits take off.
inline constexpr double kThrottleDropPercent = 10;

/// The CPU clock around one run: one combination in one round.
struct ClockCheck {
  std::size_t round = 1;             ///< 1-based round the run belongs to
  platform::CpuClockReading before;  ///< right before the warmup
  platform::CpuClockReading after;   ///< right after the last timed iteration
};

/// How far the mean clock fell during the run, in percent of the before-value (negative: it rose);
/// nullopt when either reading is unknown.
std::optional<double> clock_drop_percent(const ClockCheck& check);

/// True when the drop exceeds kThrottleDropPercent; nullopt when it is unknown.
std::optional<bool> throttled(const ClockCheck& check);

/// One combination's verdict over its runs (one per round): true when any run throttled, false when
/// the runs that could be read did not, nullopt when none could be read.
std::optional<bool> any_throttled(const std::vector<ClockCheck>& checks);

/// The console warning for a throttled run of `label` (empty: a plain run): the drop, and what to
/// do about it (--delay, --rounds).
std::string throttle_warning(const ClockCheck& check, const std::string& label);

}  // namespace winml::perf
