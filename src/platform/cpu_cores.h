#pragma once
/// \file
/// How many cores this machine has, logical and physical: the numbers the runtimes' default
/// intra-op thread counts are derived from (docs/metrics.md, "Threads").

#include <string_view>
#include <vector>

namespace winml::platform {

/// Core counts; 0 means "could not be determined".
struct CpuCores {
  unsigned logical = 0;   ///< online logical CPUs, as std::thread::hardware_concurrency() counts them
  unsigned physical = 0;  ///< distinct physical cores among the online CPUs (SMT siblings counted once)
};

/// The CPU numbers of a Linux CPU list ("0-3,8,10-11"), ascending as written; empty when the text
/// is malformed.
std::vector<unsigned> parse_cpu_list(std::string_view text);

/// Distinct ("physical id", "core id") pairs of a /proc/cpuinfo text; 0 when it lists none (some
/// Arm kernels and VMs leave them out).
unsigned count_cpuinfo_cores(std::string_view cpuinfo);

/// Reads this machine's counts: logical from the C++ runtime, physical from the thread sibling
/// lists of the online CPUs in /sys/devices/system/cpu, else from /proc/cpuinfo.
CpuCores read_cpu_cores();

}  // namespace winml::platform
