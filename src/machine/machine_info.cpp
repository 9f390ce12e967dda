#include "machine/machine_info.h"

#include "platform/cpu_cores.h"
#include "platform/power_state.h"
#include "platform/system_facts.h"
#include "winml_build_info.h"

namespace winml::perf {

bool is_optimized_build(std::string_view build_type) {
  return build_type == "Release" || build_type == "RelWithDebInfo" || build_type == "MinSizeRel";
}

MachineInfo collect_machine_info() {
  MachineInfo info;
  const platform::SystemFacts facts = platform::read_system_facts();
  info.cpu_model = facts.cpu_model;
  const platform::CpuCores cores = platform::read_cpu_cores();
  info.logical_cores = cores.logical;
  info.physical_cores = cores.physical;
  info.memory_total_bytes = facts.memory_total_bytes;
  info.os = facts.os;
  info.kernel = facts.kernel;
  info.arch = facts.arch;
  info.host_name = facts.host_name;
  info.power = platform::read_power_state();
  // Only the loaded libraries can say which versions run (see the header); never the build's pin.
  info.onnxruntime_version = "unknown";
  info.genai_version = "unknown";
  info.winml_version = WINML_VERSION_STRING;
  info.winml_commit = WINML_GIT_COMMIT;
  info.build_type = WINML_BUILD_TYPE;
  return info;
}

}  // namespace winml::perf
