#pragma once
/// \file
/// Resident memory of this process: the current resident set and its high-water mark.

#include <cstdint>
#include <string_view>

namespace winml::platform {

/// Resident set sizes in bytes; 0 when the value is unavailable.
struct ProcessMemory {
  std::uint64_t rss_bytes = 0;       ///< current resident set (VmRSS; the working set on Windows)
  std::uint64_t peak_rss_bytes = 0;  ///< its high-water mark since start (VmHWM; the peak working set)
};

/// Parses the VmRSS and VmHWM lines ("VmRSS:   1234 kB") of a /proc/<pid>/status text. Missing or
/// malformed lines leave the field at 0.
ProcessMemory parse_proc_status(std::string_view status);

/// Reads this process's sizes (/proc/self/status on Linux, GetProcessMemoryInfo on Windows).
/// Returns zeros when they cannot be read: memory is reported, never required.
ProcessMemory read_process_memory();

}  // namespace winml::platform
