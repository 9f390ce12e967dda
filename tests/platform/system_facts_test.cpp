#include "platform/system_facts.h"

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

TEST(SystemFacts, ParsesCpuinfo) {
  EXPECT_EQ(parse_cpu_model("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
                            "processor\t: 1\nmodel name\t: other\n"),
            "Intel(R) Xeon(R) CPU @ 2.20GHz");
  EXPECT_EQ(parse_cpu_model("processor\t: 0\nBogoMIPS\t: 48.00\nHardware\t: BCM2835\n"), "BCM2835");
  EXPECT_EQ(parse_cpu_model(""), "");
}

TEST(SystemFacts, ParsesMeminfo) {
  EXPECT_EQ(parse_mem_total("MemTotal:       16318540 kB\nMemFree:  1 kB\n"), 16318540ull * 1024);
  EXPECT_EQ(parse_mem_total("MemFree:  1 kB\n"), 0u);
  EXPECT_EQ(parse_mem_total("MemTotal: lots\n"), 0u);
}

TEST(SystemFacts, ParsesOsRelease) {
  EXPECT_EQ(parse_os_pretty_name("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"),
            "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(parse_os_pretty_name("PRETTY_NAME=Plain\n"), "Plain");
  EXPECT_EQ(parse_os_pretty_name("NAME=x\n"), "");
}

// The facts every supported system can give (the CPU's name is left out: some Arm kernels and VMs
// have none). Under wine this exercises the Windows readers: registry, RtlGetVersion, GlobalMemoryStatusEx.
TEST(SystemFacts, ReadsThisMachine) {
  const SystemFacts facts = read_system_facts();
  EXPECT_GT(facts.memory_total_bytes, std::uint64_t{64} << 20);
  EXPECT_FALSE(facts.os.empty());
  EXPECT_FALSE(facts.kernel.empty());
  EXPECT_TRUE(facts.arch == "x86_64" || facts.arch == "aarch64" || facts.arch == "arm64") << facts.arch;
}

}  // namespace
}  // namespace winml::platform
