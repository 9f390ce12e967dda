#include "perf/machine_info.h"

#include <gtest/gtest.h>

#include "winml_build_info.h"

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

TEST(MachineInfo, CollectsThisMachine) {
  const MachineInfo m = collect_machine_info();
  EXPECT_GT(m.logical_cores, 0u);
  EXPECT_GT(m.memory_total_bytes, 0u);
  EXPECT_EQ(m.kernel.rfind("Linux ", 0), 0u) << m.kernel;
  EXPECT_FALSE(m.arch.empty());
  EXPECT_EQ(m.winml_version, WINML_VERSION_STRING);
  EXPECT_EQ(m.winml_commit, WINML_GIT_COMMIT);
  EXPECT_EQ(m.build_type, WINML_BUILD_TYPE);
  EXPECT_FALSE(m.onnxruntime_version.empty());
  EXPECT_FALSE(m.genai_version.empty());
}

}  // namespace
}  // namespace winml::perf
