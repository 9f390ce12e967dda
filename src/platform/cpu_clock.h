#pragma once
/// \file
/// The CPU clock right now, across the online cores: what `winml perf` reads before and after each
/// run to tell whether the machine throttled while it ran (docs/metrics.md, "Run hygiene").

#include <optional>
#include <string_view>
#include <vector>

namespace winml::platform {

/// The current clock of the online cores; `cores` is 0 when the system does not say (a VM without
/// cpufreq, Windows), and then the figures are 0 and mean nothing.
struct CpuClockReading {
  unsigned cores = 0;   ///< cores whose clock was read
  double mean_mhz = 0;  ///< average across those cores, in MHz
  double min_mhz = 0;   ///< slowest of those cores, in MHz
  /// True when at least one core's clock was read.
  bool known() const { return cores > 0; }
};

/// The reading of per-core clocks in MHz: their count, average and minimum; unknown when empty.
CpuClockReading summarize_core_clocks(const std::vector<double>& core_mhz);

/// A cpufreq `scaling_cur_freq` text (kHz, e.g. "2601000\n") in MHz; nullopt when it is not a
/// positive whole number.
std::optional<double> parse_scaling_cur_freq(std::string_view text);

/// Reads the clock of every online core. Linux: each online CPU's
/// /sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq; a core without one is left out, and a
/// machine without any (most VMs) reads unknown. /proc/cpuinfo's "cpu MHz" is not used: in a VM it
/// is the constant rate the hypervisor advertises, which would hide every drop. Windows: unknown
/// (cpu_clock_win32.cpp says why). Never throws.
CpuClockReading read_cpu_clock();

}  // namespace winml::platform
