// The live line of --monitor from two readings: every field with its unit, and what is left out
// when the readings do not give it.
#include "report/monitor_line.h"

#include <gtest/gtest.h>

namespace winml::report {
namespace {

resources::Sample monitor_sample(double t_s, double cpu_s, std::uint64_t rss) {
  resources::Sample s;
  s.t_s = t_s;
  s.process_cpu_s = cpu_s;
  s.rss_bytes = rss;
  return s;
}

TEST(MonitorLine, EveryFieldWithItsUnit) {
  resources::Sample before = monitor_sample(10.0, 4.0, 0);
  before.machine_busy_s = 100;
  before.machine_total_s = 400;
  before.energy_j = 50;
  resources::Sample now = monitor_sample(11.0, 5.93, std::uint64_t{812} << 20);
  now.machine_busy_s = 101.98;  // of 2 more seconds of the two cores: 0.99 busy
  now.machine_total_s = 402;
  now.device_utilisation = 0.45;
  now.device_memory_bytes = std::uint64_t{1229} << 20;
  now.energy_j = 62.4;
  EXPECT_EQ(monitor_line(before, now, 2),
            "monitor: CPU 1.93 cores | machine 1.98 of 2 cores | RSS 812.0 MiB | device 45 % | device memory 1.2 GiB "
            "| power 12.4 W");
  EXPECT_EQ(
      monitor_line(before, now, 0),
      "monitor: CPU 1.93 cores | machine 99 % | RSS 812.0 MiB | device 45 % | device memory 1.2 GiB | power 12.4 W");
}

TEST(MonitorLine, RatesOverTheIntervalBetweenTheReadings) {
  // Half a second apart: one CPU second is two cores.
  EXPECT_EQ(monitor_line(monitor_sample(1.0, 3.0, 1024), monitor_sample(1.5, 4.0, 2048), 8),
            "monitor: CPU 2.00 cores | RSS 2.0 KiB");
}

TEST(MonitorLine, NoRatesWithoutAnEarlierReading) {
  resources::Sample now = monitor_sample(3.0, 9.0, 4096);
  now.energy_j = 10;
  EXPECT_EQ(monitor_line(std::nullopt, now, 2), "monitor: RSS 4.0 KiB");
  // The same reading twice: no time between them, no rate.
  EXPECT_EQ(monitor_line(now, now, 2), "monitor: RSS 4.0 KiB");
}

TEST(MonitorLine, LeavesOutWhatNoSourceReads) {
  // No machine counters (0), no RSS (0), no device, no meter: this process's CPU alone.
  EXPECT_EQ(monitor_line(monitor_sample(0, 0, 0), monitor_sample(1, 0.5, 0), 4), "monitor: CPU 0.50 cores");
  // A meter on one side only (it was opened late) gives no watts.
  resources::Sample later = monitor_sample(1, 0.5, 0);
  later.energy_j = 3;
  EXPECT_EQ(monitor_line(monitor_sample(0, 0, 0), later, 4), "monitor: CPU 0.50 cores");
}

TEST(MonitorLine, NeverNegativeAndZeroDeviceMemoryIsZeroBytes) {
  resources::Sample before = monitor_sample(0, 2.0, 0);
  before.machine_busy_s = 10;
  before.machine_total_s = 20;
  resources::Sample now = monitor_sample(1, 1.999, 0);  // clocks a rounding apart
  now.machine_busy_s = 9.9;
  now.machine_total_s = 22;
  now.device_memory_bytes = 0;
  now.device_utilisation = 1.5;  // a driver's overshoot: shown as the whole engine
  EXPECT_EQ(monitor_line(before, now, 2),
            "monitor: CPU 0.00 cores | machine 0.00 of 2 cores | device 100 % | device memory 0 B");
}

}  // namespace
}  // namespace winml::report
