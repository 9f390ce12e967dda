#include "machine/machine_info.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "platform/cpu_cores.h"
#include "platform/power_state.h"
#include "test_support/tool_output.h"

namespace winml::perf {
namespace {

TEST(MachineInfo, OptimizedBuildTypes) {
  EXPECT_TRUE(is_optimized_build("Release"));
  EXPECT_TRUE(is_optimized_build("RelWithDebInfo"));
  EXPECT_FALSE(is_optimized_build("Debug"));
  EXPECT_FALSE(is_optimized_build(""));
}

// The same facts as the system's own tools print them (uname, getconf, os-release read by the
// shell), so a field read from the wrong source or left empty fails here.
TEST(MachineInfo, MatchesWhatTheSystemToolsReport) {
  using test::tool_output;
  const MachineInfo m = collect_machine_info();
  EXPECT_EQ(m.kernel, tool_output("uname -sr"));
  EXPECT_EQ(m.arch, tool_output("uname -m"));
  EXPECT_EQ(std::to_string(m.logical_cores), tool_output("getconf _NPROCESSORS_ONLN"));
  // The power state is the platform reader's (tested on fake trees in tests/platform).
  EXPECT_EQ(m.power.source, platform::read_power_state().source);
  EXPECT_EQ(m.power.mode, platform::read_power_state().mode);
  // Physical cores come from the platform reader, which tests/platform checks against lscpu.
  EXPECT_EQ(m.physical_cores, platform::read_cpu_cores().physical);
  EXPECT_GE(m.physical_cores, 1u);
  // MemTotal and sysinfo's total RAM are one number: whole pages.
  const std::uint64_t pages = std::stoull(tool_output("getconf _PHYS_PAGES"));
  EXPECT_EQ(m.memory_total_bytes, pages * std::stoull(tool_output("getconf PAGESIZE")));
  if (std::filesystem::exists("/etc/os-release")) {
    EXPECT_EQ(m.os, tool_output(". /etc/os-release && printf '%s' \"$PRETTY_NAME\""));
  }
  // x86 kernels name the CPU on "model name" lines (some Arm kernels have none: not compared).
  const std::string model =
      tool_output("grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^[[:space:]]*//;s/[[:space:]]*$//'");
  if (!model.empty()) {
    EXPECT_EQ(m.cpu_model, model);
  }
  // Without the loaded engine nothing knows the versions: never the build's pinned package versions.
  EXPECT_EQ(m.onnxruntime_version, "unknown");
  EXPECT_EQ(m.genai_version, "unknown");
}

}  // namespace
}  // namespace winml::perf
