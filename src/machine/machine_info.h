#pragma once
/// \file
/// Facts about the machine and the build that produced a benchmark, recorded in every report so
/// numbers can be compared only with numbers from a comparable setup.

#include <cstdint>
#include <string>
#include <string_view>

#include "platform/power_state.h"

namespace winml::perf {

/// Hardware, OS and software versions. Empty strings / 0 mean "could not be determined".
struct MachineInfo {
  std::string cpu_model;                 ///< e.g. "AMD EPYC 7763 64-Core Processor"
  unsigned logical_cores = 0;            ///< online logical CPUs
  unsigned physical_cores = 0;           ///< physical cores among them (SMT siblings once); 0 when unknown
  std::uint64_t memory_total_bytes = 0;  ///< physical memory (MemTotal on Linux)
  std::string os;                        ///< e.g. "Debian GNU/Linux 12 (bookworm)", "Windows 11 Pro 23H2"
  std::string kernel;                    ///< e.g. "Linux 6.1.0-18-amd64", "Windows 10.0.22631"
  std::string arch;                      ///< e.g. "x86_64", "aarch64"
  std::string host_name;                 ///< the machine's network name: tells the shards of a fleet apart
  std::string onnxruntime_version;       ///< version of the ONNX Runtime loaded, or "unknown"
  std::string genai_version;             ///< version of the ONNX Runtime GenAI loaded, or "unknown"
  std::string winml_version;             ///< this build's version
  std::string winml_commit;              ///< git commit this build was made from, or "unknown"
  std::string build_type;                ///< CMake build type; numbers from a Debug build are not meaningful
  /// AC or battery, the battery level and the power mode when the facts were collected (right
  /// before the benchmark runs): a laptop on battery or in a power-saving mode runs slower.
  platform::PowerState power;
};

/// Collects the facts from the platform layer (platform::read_system_facts, platform::read_cpu_cores,
/// platform::read_power_state). Library versions
/// are "unknown" here: callers that loaded the engine replace them with what the loaded libraries report
/// (engine::Engine::versions()), never with the versions the build was pinned to.
MachineInfo collect_machine_info();

/// True when build_type is one whose timings are meaningful (Release, RelWithDebInfo, MinSizeRel).
bool is_optimized_build(std::string_view build_type);

}  // namespace winml::perf
