#pragma once
/// \file
/// The counters the resource sampler reads at every tick, read without allocating: this process's
/// CPU seconds, its resident set, and the machine's busy and idle seconds summed over the cores.
/// The per-core split (platform/cpu_times.h read_machine_times) is read only at phase edges.

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "platform/counter_file.h"
#include "platform/cpu_times.h"

namespace winml::platform {

/// One tick's readings.
struct TickReading {
  double process_cpu_s = 0;          ///< user + system, every thread; 0 unreadable
  std::optional<CoreTimes> machine;  ///< every core's times summed; empty when the system does not say
  std::uint64_t rss_bytes = 0;       ///< resident set; 0 unreadable
};

/// The "cpu" line of a /proc/stat text alone, as parse_proc_stat reads it, without allocating.
std::optional<CoreTimes> parse_proc_stat_total(std::string_view text, double ticks_per_s);

/// The resident pages (second field) of a /proc/<pid>/statm text, in bytes; 0 when malformed.
std::uint64_t parse_statm_resident_bytes(std::string_view text, std::uint64_t page_bytes);

/// Reads TickReading again and again. Linux keeps `<proc_root>/stat` and `<proc_root>/self/statm`
/// open (tests pass a fake tree; callers "/proc"); Windows calls GetProcessTimes, GetSystemTimes and
/// GetProcessMemoryInfo, which allocate nothing either. Used from one thread at a time.
class TickCounters {
 public:
  explicit TickCounters(const std::filesystem::path& proc_root = "/proc");
  /// Never allocates or throws.
  TickReading read() noexcept;

 private:
  CounterFile stat_;
  CounterFile statm_;
  double ticks_per_s_ = 100;
  std::uint64_t page_bytes_ = 4096;
  // The "cpu" line comes first in /proc/stat; with a few hundred cores' lines after it, its start
  // is all a tick needs.
  std::array<char, 512> buffer_{};
};

}  // namespace winml::platform
