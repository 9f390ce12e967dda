// Windows: GetProcessTimes, GetSystemTimes (read_machine_times leaves the cores empty, so nothing
// is allocated) and GetProcessMemoryInfo.
#include <windows.h>
// psapi.h after windows.h.
#include <psapi.h>

#include "platform/tick_counters.h"

namespace winml::platform {

TickCounters::TickCounters(const std::filesystem::path& /*proc_root*/) {}

TickReading TickCounters::read() noexcept {
  TickReading reading;
  reading.process_cpu_s = read_process_cpu_seconds();
  const auto machine = read_machine_times();
  if (machine) reading.machine = machine->total;
  PROCESS_MEMORY_COUNTERS counters{};
  counters.cb = sizeof(counters);
  if (GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof(counters)))
    reading.rss_bytes = counters.WorkingSetSize;
  return reading;
}

}  // namespace winml::platform
