// read_cpu_cores on Windows: the processor-core records of GetLogicalProcessorInformationEx.
#include <windows.h>

#include "platform/cpu_cores.h"
#include "platform/processor_info_win32.h"

namespace winml::platform {

CpuCores read_cpu_cores() {
  CpuCores cores;
  // All processor groups: machines with more than 64 logical CPUs have several, and
  // std::thread::hardware_concurrency() may count only the first.
  cores.logical = static_cast<unsigned>(::GetActiveProcessorCount(ALL_PROCESSOR_GROUPS));
  // One RelationProcessorCore record per physical core, its SMT siblings in the record's mask.
  win32::for_each_processor_record(RelationProcessorCore,
                                   [&](const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX&) { ++cores.physical; });
  return cores;
}

}  // namespace winml::platform
