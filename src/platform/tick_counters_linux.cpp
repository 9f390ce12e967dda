// Linux: /proc/stat's first line and /proc/self/statm, kept open; clock_gettime for the CPU.
#include <unistd.h>

#include "platform/tick_counters.h"

namespace winml::platform {

TickCounters::TickCounters(const std::filesystem::path& proc_root)
    : stat_(proc_root / "stat"), statm_(proc_root / "self" / "statm") {
  const long ticks = sysconf(_SC_CLK_TCK);
  if (ticks > 0) ticks_per_s_ = static_cast<double>(ticks);
  const long page = sysconf(_SC_PAGESIZE);
  if (page > 0) page_bytes_ = static_cast<std::uint64_t>(page);
}

TickReading TickCounters::read() noexcept {
  TickReading reading;
  reading.process_cpu_s = read_process_cpu_seconds();
  reading.machine = parse_proc_stat_total(stat_.read(buffer_), ticks_per_s_);
  reading.rss_bytes = parse_statm_resident_bytes(statm_.read(buffer_), page_bytes_);
  return reading;
}

}  // namespace winml::platform
