#include "platform/cpu_cores.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "test_support/tool_output.h"

namespace winml::platform {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(CpuCores, ParsesCpuLists) {
  EXPECT_THAT(parse_cpu_list("0-3,8,10-11\n"), ElementsAre(0, 1, 2, 3, 8, 10, 11));
  EXPECT_THAT(parse_cpu_list("5"), ElementsAre(5));
  EXPECT_THAT(parse_cpu_list(""), IsEmpty());
  EXPECT_THAT(parse_cpu_list("3-1"), IsEmpty());
  EXPECT_THAT(parse_cpu_list("0-x"), IsEmpty());
  EXPECT_THAT(parse_cpu_list("0,,1"), IsEmpty());
}

TEST(CpuCores, CountsCpuinfoCoresOncePerSibling) {
  // Two packages, two cores each, two hardware threads per core: 8 processors, 4 cores.
  std::string cpuinfo;
  for (int package = 0; package < 2; ++package) {
    for (int core = 0; core < 2; ++core) {
      for (int thread = 0; thread < 2; ++thread) {
        cpuinfo += "processor\t: x\nphysical id\t: " + std::to_string(package) +
                   "\ncore id\t\t: " + std::to_string(core) + "\n\n";
      }
    }
  }
  EXPECT_EQ(count_cpuinfo_cores(cpuinfo), 4u);
  EXPECT_EQ(count_cpuinfo_cores("processor\t: 0\nBogoMIPS\t: 48.00\n\nprocessor\t: 1\n"), 0u);  // no topology
  EXPECT_EQ(count_cpuinfo_cores(""), 0u);
}

// The same counts as the system's own tools give: getconf for the online logical CPUs, lscpu's
// (core, socket) pairs for the physical cores.
TEST(CpuCores, MatchesWhatTheSystemToolsReport) {
  using test::tool_output;
  const CpuCores cores = read_cpu_cores();
  EXPECT_EQ(std::to_string(cores.logical), tool_output("getconf _NPROCESSORS_ONLN"));
  EXPECT_GE(cores.physical, 1u);
  EXPECT_LE(cores.physical, cores.logical);
  if (test::run_command("command -v lscpu").exit_code != 0) GTEST_SKIP() << "lscpu is not installed";
  EXPECT_EQ(std::to_string(cores.physical),
            tool_output("lscpu -p=CORE,SOCKET | grep -v '^#' | sort -u | wc -l | tr -d ' '"));
}

}  // namespace
}  // namespace winml::platform
