#include "ep/host_info.h"

#include <gtest/gtest.h>

namespace winml::ep {
namespace {

// Two sockets, two cores each, two threads per core.
std::string two_socket_cpuinfo() {
  std::string text;
  int processor = 0;
  for (int socket = 0; socket < 2; ++socket) {
    for (int thread = 0; thread < 2; ++thread) {
      for (int core = 0; core < 2; ++core) {
        text += "processor\t: " + std::to_string(processor++) + "\n";
        text += "model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz\n";
        text += "physical id\t: " + std::to_string(socket) + "\n";
        text += "core id\t\t: " + std::to_string(core) + "\n\n";
      }
    }
  }
  return text;
}

TEST(HostInfoTest, CountsLogicalAndPhysicalCores) {
  HostInfo info;
  parse_cpuinfo(two_socket_cpuinfo(), info);
  EXPECT_EQ(info.cpu_model, "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz");
  EXPECT_EQ(info.logical_cores, 8);
  EXPECT_EQ(info.physical_cores, 4);
}

TEST(HostInfoTest, WithoutCoreIdsEveryProcessorIsACore) {
  HostInfo info;
  parse_cpuinfo("processor : 0\nBogoMIPS : 50.00\n\nprocessor : 1\nBogoMIPS : 50.00\n", info);
  EXPECT_EQ(info.logical_cores, 2);
  EXPECT_EQ(info.physical_cores, 2);
  EXPECT_EQ(info.cpu_model, "");
}

TEST(HostInfoTest, ParsesMeminfo) {
  HostInfo info;
  parse_meminfo("MemTotal:       24576000 kB\nMemFree:         1000 kB\nMemAvailable:   12288000 kB\n", info);
  EXPECT_EQ(info.memory_total_bytes, 24576000ull * 1024);
  EXPECT_EQ(info.memory_available_bytes, 12288000ull * 1024);
}

TEST(HostInfoTest, ReadsThisMachine) {
  HostInfo info = read_host_info();
  EXPECT_GT(info.logical_cores, 0);
  EXPECT_GE(info.logical_cores, info.physical_cores);
  EXPECT_GT(info.memory_total_bytes, 0u);
  EXPECT_FALSE(info.os.empty());
}

}  // namespace
}  // namespace winml::ep
