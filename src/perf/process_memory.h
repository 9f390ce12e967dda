#pragma once
/// \file
/// Resident memory of this process, read from /proc/self/status.

#include <cstdint>
#include <string_view>

namespace winml::perf {

/// Resident set sizes in bytes; 0 when the value is unavailable.
struct ProcessMemory {
  std::uint64_t rss_bytes = 0;       ///< current resident set (VmRSS)
  std::uint64_t peak_rss_bytes = 0;  ///< high-water mark of the resident set since start (VmHWM)
};

/// Parses the VmRSS and VmHWM lines ("VmRSS:   1234 kB") of a /proc/<pid>/status text. Missing or
/// malformed lines leave the field at 0.
ProcessMemory parse_proc_status(std::string_view status);

/// Reads /proc/self/status. Returns zeros when it cannot be read (not Linux, no /proc): memory is
/// reported, never required.
ProcessMemory read_process_memory();

}  // namespace winml::perf
