#pragma once
/// \file
/// How much memory the OS could give this process now without swapping: what bounds how many
/// memory-hungry children (EPContext compile workers) may run side by side.

#include <cstdint>
#include <string_view>

namespace winml::platform {

/// MemAvailable of a /proc/meminfo text in bytes; 0 when absent or malformed (kernels before 3.14).
std::uint64_t parse_mem_available(std::string_view meminfo);

/// Memory available now, in bytes: MemAvailable on Linux, GlobalMemoryStatusEx's ullAvailPhys on
/// Windows. 0 when it cannot be read: callers treat that as "unknown", not as "none".
std::uint64_t read_available_memory();

}  // namespace winml::platform
