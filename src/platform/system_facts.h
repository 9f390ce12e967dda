#pragma once
/// \file
/// What the operating system says about the machine it runs on: the processor's name, the memory
/// installed, and the OS's own name and version, as reports and `winml sys` record them.

#include <cstdint>
#include <string>
#include <string_view>

namespace winml::platform {

/// Empty strings / 0 mean "could not be determined".
struct SystemFacts {
  std::string cpu_model;                 ///< e.g. "AMD EPYC 7763 64-Core Processor"
  std::uint64_t memory_total_bytes = 0;  ///< physical memory the OS manages
  std::string os;                        ///< e.g. "Debian GNU/Linux 12 (bookworm)", "Windows 11 Pro 23H2"
  std::string kernel;                    ///< kernel name and release, e.g. "Linux 6.1.0-18-amd64", "Windows 10.0.22631"
  std::string arch;                      ///< the machine's architecture as uname names it: "x86_64", "aarch64"
  std::string host_name;  ///< the machine's network name (uname's nodename, the DNS host name on Windows)
};

/// Reads the facts: on Linux from /proc/cpuinfo, /proc/meminfo, /etc/os-release and uname; on
/// Windows from the registry, GlobalMemoryStatusEx, RtlGetVersion, GetNativeSystemInfo and
/// GetComputerNameExW.
/// Never throws.
SystemFacts read_system_facts();

/// The "model name" line of a /proc/cpuinfo text (first one), or the "Hardware"/"Processor" line on
/// some Arm kernels; empty when none.
std::string parse_cpu_model(std::string_view cpuinfo);

/// MemTotal of a /proc/meminfo text in bytes; 0 when absent.
std::uint64_t parse_mem_total(std::string_view meminfo);

/// PRETTY_NAME of an os-release text, unquoted; empty when absent.
std::string parse_os_pretty_name(std::string_view os_release);

}  // namespace winml::platform
