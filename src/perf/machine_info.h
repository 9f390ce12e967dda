#pragma once
/// \file
/// Facts about the machine and the build that produced a benchmark, recorded in every report so
/// numbers can be compared only with numbers from a comparable setup.

#include <cstdint>
#include <string>
#include <string_view>

namespace winml::perf {

/// Hardware, OS and software versions. Empty strings / 0 mean "could not be determined".
struct MachineInfo {
  std::string cpu_model;                 ///< e.g. "AMD EPYC 7763 64-Core Processor"
  unsigned logical_cores = 0;            ///< online logical CPUs
  unsigned physical_cores = 0;           ///< physical cores among them (SMT siblings once); 0 when unknown
  std::uint64_t memory_total_bytes = 0;  ///< MemTotal
  std::string os;                        ///< PRETTY_NAME from /etc/os-release, e.g. "Debian GNU/Linux 12 (bookworm)"
  std::string kernel;                    ///< uname sysname + release, e.g. "Linux 6.1.0-18-amd64"
  std::string arch;                      ///< uname machine, e.g. "x86_64"
  std::string onnxruntime_version;       ///< version of the ONNX Runtime loaded, or "unknown"
  std::string genai_version;             ///< version of the ONNX Runtime GenAI loaded, or "unknown"
  std::string winml_version;             ///< this build's version
  std::string winml_commit;              ///< git commit this build was made from, or "unknown"
  std::string build_type;                ///< CMake build type; numbers from a Debug build are not meaningful
};

/// The "model name" line of a /proc/cpuinfo text (first one), or the "Hardware"/"Processor" line on
/// some Arm kernels; empty when none.
std::string parse_cpu_model(std::string_view cpuinfo);

/// MemTotal of a /proc/meminfo text in bytes; 0 when absent.
std::uint64_t parse_mem_total(std::string_view meminfo);

/// PRETTY_NAME of an os-release text, unquoted; empty when absent.
std::string parse_os_pretty_name(std::string_view os_release);

/// Collects the facts from /proc, /sys (cores: platform::read_cpu_cores), /etc/os-release and uname. Library versions
/// are "unknown" here: callers that loaded the engine replace them with what the loaded libraries report
/// (engine::Engine::versions()), never with the versions the build was pinned to.
MachineInfo collect_machine_info();

/// True when build_type is one whose timings are meaningful (Release, RelWithDebInfo, MinSizeRel).
bool is_optimized_build(std::string_view build_type);

}  // namespace winml::perf
