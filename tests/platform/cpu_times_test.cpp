// The /proc CPU parsers on hand-written texts, the Linux reader on a fake /proc tree, and the
// process and thread clocks advancing under work.
#include "platform/cpu_times.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace winml::platform {
namespace {

constexpr std::string_view kCpuTimesProcStat =
    "cpu  100 10 50 800 40 5 5 0 7 0\n"
    "cpu0 60 5 25 400 20 3 2 0 7 0\n"
    "cpu1 40 5 25 400 20 2 3 0 0 0\n"
    "intr 12345\n"
    "ctxt 999\n";

TEST(CpuTimes, ParsesProcStatTotalAndCores) {
  const std::optional<MachineTimes> machine = parse_proc_stat(kCpuTimesProcStat, 100.0);
  ASSERT_TRUE(machine);
  EXPECT_DOUBLE_EQ(machine->total.busy_s, 1.70);  // 100 + 10 + 50 + 5 + 5 + 0 ticks
  EXPECT_DOUBLE_EQ(machine->total.idle_s, 8.40);  // 800 + 40
  ASSERT_EQ(machine->cores.size(), 2u);
  EXPECT_DOUBLE_EQ(machine->cores[0].busy_s, 0.95);
  EXPECT_DOUBLE_EQ(machine->cores[1].busy_s, 0.75);
}

TEST(CpuTimes, ProcStatWithoutTotalIsUnknown) {
  EXPECT_FALSE(parse_proc_stat("intr 1\n", 100.0));
  EXPECT_FALSE(parse_proc_stat("cpu  x y z\n", 100.0));
  EXPECT_FALSE(parse_proc_stat(kCpuTimesProcStat, 0.0));
}

TEST(CpuTimes, ParsesPidStatPastAnAwkwardName) {
  const std::string_view text = "42 (a b) c) R 1 42 42 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 3 0\n";
  const std::optional<double> cpu = parse_proc_pid_stat_cpu(text, 100.0);
  ASSERT_TRUE(cpu);
  EXPECT_DOUBLE_EQ(*cpu, 3.0);
  EXPECT_FALSE(parse_proc_pid_stat_cpu("42 (x) R 1 2", 100.0));
}

#ifndef _WIN32
TEST(CpuTimes, ReadsAFakeProcTree) {
  const std::filesystem::path root = std::filesystem::path(::testing::TempDir()) / "cpu_times_fake_proc";
  std::filesystem::create_directories(root);
  std::ofstream(root / "stat") << kCpuTimesProcStat;
  const std::optional<MachineTimes> machine = read_machine_times(root);
  ASSERT_TRUE(machine);
  EXPECT_EQ(machine->cores.size(), 2u);
  EXPECT_GT(machine->total.busy_s, 0);
  EXPECT_FALSE(read_machine_times(root / "absent"));
  std::filesystem::remove_all(root);
}
#endif

TEST(CpuTimes, ProcessAndThreadClocksAdvanceUnderWork) {
  const double process_before = read_process_cpu_seconds();
  const double thread_before = read_thread_cpu_seconds();
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  volatile unsigned spin = 0;
  while (std::chrono::steady_clock::now() < until) spin = spin + 1;
  EXPECT_GT(read_process_cpu_seconds(), process_before);
  EXPECT_GT(read_thread_cpu_seconds(), thread_before);
  EXPECT_TRUE(read_machine_times());
}

}  // namespace
}  // namespace winml::platform
