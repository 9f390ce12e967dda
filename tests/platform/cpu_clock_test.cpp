#include "platform/cpu_clock.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace winml::platform {
namespace {

TEST(CpuClock, ParsesScalingCurFreqInKilohertz) {
  EXPECT_EQ(parse_scaling_cur_freq("2601000\n"), 2601.0);
  EXPECT_EQ(parse_scaling_cur_freq(" 800000 "), 800.0);
  EXPECT_EQ(parse_scaling_cur_freq(""), std::nullopt);  // no such file
  EXPECT_EQ(parse_scaling_cur_freq("0"), std::nullopt);
  EXPECT_EQ(parse_scaling_cur_freq("<unknown>"), std::nullopt);
  EXPECT_EQ(parse_scaling_cur_freq("2601000 kHz"), std::nullopt);
  EXPECT_EQ(parse_scaling_cur_freq("-5"), std::nullopt);
}

TEST(CpuClock, SummarizesCoresIntoMeanAndMinimum) {
  const CpuClockReading reading = summarize_core_clocks({3000, 2000, 2500, 2500});
  EXPECT_TRUE(reading.known());
  EXPECT_EQ(reading.cores, 4u);
  EXPECT_DOUBLE_EQ(reading.mean_mhz, 2500);
  EXPECT_DOUBLE_EQ(reading.min_mhz, 2000);
  const CpuClockReading none = summarize_core_clocks({});
  EXPECT_FALSE(none.known());
  EXPECT_EQ(none.mean_mhz, 0);
}

// What this machine has: cpufreq on bare metal, often nothing in a VM. Either way the reading
// agrees with the files.
TEST(CpuClock, ReadsWhatSysfsHas) {
  const CpuClockReading reading = read_cpu_clock();
  const bool has_cpufreq = std::filesystem::exists("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq");
  EXPECT_EQ(reading.known(), has_cpufreq);
  if (reading.known()) {
    EXPECT_GT(reading.min_mhz, 0);
    EXPECT_LE(reading.min_mhz, reading.mean_mhz);
  }
}

}  // namespace
}  // namespace winml::platform
