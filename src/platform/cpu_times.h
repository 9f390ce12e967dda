#pragma once
/// \file
/// CPU time counters the resource sampler reads at every tick: this process's, the calling
/// thread's (to measure the sampler's own cost) and the whole machine's per core. All are cumulative
/// seconds; callers difference two readings.

#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace winml::platform {

/// Busy and idle seconds of one core since boot.
struct CoreTimes {
  double busy_s = 0;
  double idle_s = 0;  ///< idle + iowait: time the core had nothing to run
};

/// Every core's times and their sum; `cores` empty when the system does not say.
struct MachineTimes {
  CoreTimes total;
  std::vector<CoreTimes> cores;
};

/// Parses a /proc/stat text: the "cpu" line into `total` and each "cpuN" line into `cores`, with
/// `ticks_per_s` (USER_HZ) converting ticks to seconds. Busy is user + nice + system + irq + softirq
/// + steal; guest time is already inside user and is not added again. nullopt when no "cpu" line.
std::optional<MachineTimes> parse_proc_stat(std::string_view text, double ticks_per_s);

/// Parses a /proc/<pid>/stat text into utime + stime seconds (fields 14 and 15, counted after the
/// parenthesised command name, which may itself hold spaces and parentheses). nullopt when malformed.
std::optional<double> parse_proc_pid_stat_cpu(std::string_view text, double ticks_per_s);

/// This process's user + system CPU seconds, every thread (clock_gettime CLOCK_PROCESS_CPUTIME_ID;
/// GetProcessTimes). 0 when unreadable.
double read_process_cpu_seconds();

/// The calling thread's CPU seconds (CLOCK_THREAD_CPUTIME_ID; GetThreadTimes). 0 when unreadable.
double read_thread_cpu_seconds();

/// The machine's per-core times: Linux reads `<proc_root>/stat` (tests pass a fake tree; callers
/// pass "/proc"); Windows reads GetSystemTimes for the total and leaves `cores` empty. nullopt when
/// unreadable.
std::optional<MachineTimes> read_machine_times(const std::filesystem::path& proc_root = "/proc");

}  // namespace winml::platform
