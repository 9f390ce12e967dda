#pragma once
/// \file
/// Facts about the host for `winml sys` and report provenance: CPU model, cores, memory, OS.
/// Parsing is separate from reading /proc so it can be tested on canned text.

#include <cstdint>
#include <string>
#include <string_view>

namespace winml::ep {

/// What the host has. Zero / empty means "could not be determined".
struct HostInfo {
  std::string cpu_model;                ///< "model name" of the first processor
  int logical_cores = 0;                ///< processors the kernel lists
  int physical_cores = 0;               ///< distinct (physical id, core id) pairs
  std::uint64_t memory_total_bytes = 0; ///< MemTotal
  std::uint64_t memory_available_bytes = 0; ///< MemAvailable
  std::string os;                       ///< e.g. "Linux 6.1.0 x86_64"
};

/// Fills the CPU fields from /proc/cpuinfo text.
void parse_cpuinfo(std::string_view text, HostInfo& info);

/// Fills the memory fields from /proc/meminfo text.
void parse_meminfo(std::string_view text, HostInfo& info);

/// Reads /proc/cpuinfo, /proc/meminfo and uname(); fields that cannot be read stay empty.
HostInfo read_host_info();

}  // namespace winml::ep
