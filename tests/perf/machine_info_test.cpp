#include "perf/machine_info.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "platform/cpu_cores.h"
#include "test_support/tool_output.h"

namespace winml::perf {
namespace {

TEST(MachineInfo, ParsesCpuinfo) {
  EXPECT_EQ(parse_cpu_model("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
                            "processor\t: 1\nmodel name\t: other\n"),
            "Intel(R) Xeon(R) CPU @ 2.20GHz");
  EXPECT_EQ(parse_cpu_model("processor\t: 0\nBogoMIPS\t: 48.00\nHardware\t: BCM2835\n"), "BCM2835");
  EXPECT_EQ(parse_cpu_model(""), "");
}

TEST(MachineInfo, ParsesMeminfo) {
  EXPECT_EQ(parse_mem_total("MemTotal:       16318540 kB\nMemFree:  1 kB\n"), 16318540ull * 1024);
  EXPECT_EQ(parse_mem_total("MemFree:  1 kB\n"), 0u);
  EXPECT_EQ(parse_mem_total("MemTotal: lots\n"), 0u);
}

TEST(MachineInfo, ParsesOsRelease) {
  EXPECT_EQ(parse_os_pretty_name("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"),
            "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(parse_os_pretty_name("PRETTY_NAME=Plain\n"), "Plain");
  EXPECT_EQ(parse_os_pretty_name("NAME=x\n"), "");
}

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
