#include "platform/tick_counters.h"

#include <gtest/gtest.h>

#include <fstream>

#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

TEST(TickCounters, ProcStatTotalIsTheCpuLineAsParseProcStatReadsIt) {
  const std::string text =
      "cpu  100 20 30 400 50 6 7 8 9 10\n"
      "cpu0 50 10 15 200 25 3 3 4 0 0\n";
  const auto total = parse_proc_stat_total(text, 100);
  ASSERT_TRUE(total);
  EXPECT_DOUBLE_EQ(total->busy_s, (100 + 20 + 30 + 6 + 7 + 8) / 100.0);
  EXPECT_DOUBLE_EQ(total->idle_s, (400 + 50) / 100.0);
  const auto full = parse_proc_stat(text, 100);
  ASSERT_TRUE(full);
  EXPECT_DOUBLE_EQ(full->total.busy_s, total->busy_s);
  EXPECT_DOUBLE_EQ(full->total.idle_s, total->idle_s);
}

TEST(TickCounters, ProcStatTotalRefusesWhatIsNotACpuLine) {
  EXPECT_FALSE(parse_proc_stat_total("", 100));
  EXPECT_FALSE(parse_proc_stat_total("cpu0 1 2 3 4\n", 100));
  EXPECT_FALSE(parse_proc_stat_total("cpu  1 2\n", 100));
  EXPECT_FALSE(parse_proc_stat_total("cpu  1 2 3 4\n", 0));
  // A line cut by the buffer still counts what it has (four fields at least).
  EXPECT_TRUE(parse_proc_stat_total("cpu  1 2 3 4 5", 100));
}

TEST(TickCounters, StatmResidentIsTheSecondFieldInPages) {
  EXPECT_EQ(parse_statm_resident_bytes("1000 250 30 4 0 50 0\n", 4096), 250u * 4096);
  EXPECT_EQ(parse_statm_resident_bytes("1000\n", 4096), 0u);
  EXPECT_EQ(parse_statm_resident_bytes("x y", 4096), 0u);
}

#ifndef _WIN32
TEST(TickCounters, ReadsAFakeProcTreeAgainAtEveryRead) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "self");
  auto put = [&](const char* name, const std::string& text) {
    std::ofstream(dir.path() / name, std::ios::trunc) << text;
  };
  put("stat", "cpu  100 0 0 100 0 0 0 0\n");
  put("self/statm", "10 3 0 0 0 0 0\n");
  TickCounters counters(dir.path());
  TickReading first = counters.read();
  ASSERT_TRUE(first.machine);
  EXPECT_GT(first.process_cpu_s, 0);
  EXPECT_GT(first.rss_bytes, 0u);
  put("stat", "cpu  300 0 0 100 0 0 0 0\n");  // rewritten in place: the open file sees it
  TickReading second = counters.read();
  ASSERT_TRUE(second.machine);
  EXPECT_DOUBLE_EQ(second.machine->busy_s, 3 * first.machine->busy_s);
}

TEST(TickCounters, AMissingTreeGivesNoMachineTimesButStillTheProcessCpu) {
  test::TempDir dir;
  TickCounters counters(dir.path() / "absent");
  const TickReading reading = counters.read();
  EXPECT_FALSE(reading.machine);
  EXPECT_EQ(reading.rss_bytes, 0u);
  EXPECT_GT(reading.process_cpu_s, 0);
}

TEST(TickCounters, TheRealProcGivesEverything) {
  TickCounters counters;
  const TickReading reading = counters.read();
  ASSERT_TRUE(reading.machine);
  EXPECT_GT(reading.machine->busy_s + reading.machine->idle_s, 0);
  EXPECT_GT(reading.rss_bytes, 1u << 20);
}
#endif

TEST(CounterFile, AMissingFileSaysWhy) {
  test::TempDir dir;
  CounterFile file(dir.path() / "absent");
  EXPECT_FALSE(file.is_open());
  EXPECT_FALSE(file.error().empty());
  std::array<char, 16> buffer{};
  EXPECT_TRUE(file.read(buffer).empty());
}

TEST(CounterFile, RereadsFromTheStartIntoTheBuffer) {
  test::TempDir dir;
  const auto path = dir.path() / "counter";
  std::ofstream(path, std::ios::binary) << "12345\n";  // binary: the bytes as written on every system
  CounterFile file(path);
  ASSERT_TRUE(file.is_open());
  std::array<char, 4> small{};
  EXPECT_EQ(file.read(small), "1234");
  std::array<char, 64> buffer{};
  EXPECT_EQ(file.read(buffer), "12345\n");
  EXPECT_EQ(file.read(buffer), "12345\n");
}

}  // namespace
}  // namespace winml::platform
