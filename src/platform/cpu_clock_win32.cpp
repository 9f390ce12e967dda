// read_cpu_clock on Windows: unknown, on purpose. The one simple call, CallNtPowerInformation
// (ProcessorInformation), fills PROCESSOR_POWER_INFORMATION.CurrentMhz, which on many current
// systems stays at the rated clock whatever the core runs at; a figure that never drops would
// report "not throttled" on a throttling machine, which is worse than saying "unknown". The moving
// figure is the "Processor Information\% Processor Performance" performance counter (PDH), a
// larger piece of work that belongs with the rest of the Windows port.
#include "platform/cpu_clock.h"

namespace winml::platform {

CpuClockReading read_cpu_clock() { return {}; }

}  // namespace winml::platform
