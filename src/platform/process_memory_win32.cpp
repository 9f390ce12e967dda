// read_process_memory on Windows: the working set and its peak, Windows' resident set.
#include <windows.h>
// windows.h first: the headers below use its types.
#include <psapi.h>

#include "platform/process_memory.h"

namespace winml::platform {

ProcessMemory read_process_memory() {
  PROCESS_MEMORY_COUNTERS counters{};
  counters.cb = sizeof counters;
  if (::GetProcessMemoryInfo(::GetCurrentProcess(), &counters, sizeof counters) == 0) return {};
  return {counters.WorkingSetSize, counters.PeakWorkingSetSize};
}

}  // namespace winml::platform
