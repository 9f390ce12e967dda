// --monitor's thread with a scripted source and a string stream: the line in place on a terminal,
// plain lines otherwise, text written above it, and a clean stop after which nothing is written.
#include "report/live_monitor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <sstream>
#include <thread>
#include <vector>

#include "report/monitor_line.h"

namespace winml::report {
namespace {

using ::testing::HasSubstr;

// Hands out `readings` in order, then the last again (a sampler that has stopped ticking); counts
// the calls so a test can wait for the monitor to have seen them all.
class ScriptedSource {
 public:
  explicit ScriptedSource(std::vector<resources::Sample> readings) : readings_(std::move(readings)) {}
  SampleSource source() {
    return [this]() -> std::optional<resources::Sample> {
      const std::size_t call = calls_++;
      if (readings_.empty()) return std::nullopt;
      return readings_[std::min(call, readings_.size() - 1)];
    };
  }
  // Waits (at most 10 s) until the monitor has asked `n` times.
  void wait_for_calls(std::size_t n) const {
    for (int i = 0; i < 10'000 && calls_.load() < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_GE(calls_.load(), n);
  }

 private:
  std::vector<resources::Sample> readings_;
  std::atomic<std::size_t> calls_{0};
};

resources::Sample live_sample(double t_s, double cpu_s) {
  resources::Sample s;
  s.t_s = t_s;
  s.process_cpu_s = cpu_s;
  s.rss_bytes = std::uint64_t{3} << 20;
  return s;
}

MonitorSettings fast_monitor(MonitorStyle style, std::size_t width = 0) {
  MonitorSettings settings;
  settings.style = style;
  settings.logical_cores = 2;
  settings.width = width;
  settings.interval = std::chrono::milliseconds(1);
  return settings;
}

TEST(LiveMonitor, InPlaceRewritesOneLineAndErasesItOnStop) {
  ScriptedSource script({live_sample(0, 0), live_sample(1, 1), live_sample(2, 3)});
  std::ostringstream out;
  LiveMonitor monitor(out, script.source(), fast_monitor(MonitorStyle::in_place));
  script.wait_for_calls(5);
  monitor.stop();
  const std::string first = monitor_line(live_sample(0, 0), live_sample(1, 1), 2);
  const std::string second = monitor_line(live_sample(1, 1), live_sample(2, 3), 2);
  // Each reading once, from the second on (the repeated last one is not new); no line end ever.
  EXPECT_EQ(out.str(), "\r" + first + "\x1b[K" + "\r" + second + "\x1b[K" + "\r\x1b[K");
  EXPECT_EQ(first, "monitor: CPU 1.00 cores | RSS 3.0 MiB");
}

TEST(LiveMonitor, PlainLinesOtherwise) {
  ScriptedSource script({live_sample(0, 0), live_sample(1, 1), live_sample(2, 3)});
  std::ostringstream out;
  LiveMonitor monitor(out, script.source(), fast_monitor(MonitorStyle::plain));
  script.wait_for_calls(5);
  monitor.stop();
  EXPECT_EQ(out.str(), monitor_line(live_sample(0, 0), live_sample(1, 1), 2) + "\n" +
                           monitor_line(live_sample(1, 1), live_sample(2, 3), 2) + "\n");
}

TEST(LiveMonitor, TextAboveTheLineLeavesItWhole) {
  ScriptedSource script({live_sample(0, 0), live_sample(1, 1)});
  std::ostringstream out;
  LiveMonitor monitor(out, script.source(), fast_monitor(MonitorStyle::in_place));
  script.wait_for_calls(4);
  monitor.print_above([&out] { out << "iteration 3/10  1.2 s\n"; });
  monitor.stop();
  const std::string line = "\rmonitor: CPU 1.00 cores | RSS 3.0 MiB\x1b[K";
  EXPECT_EQ(out.str(), line + "\r\x1b[K" + "iteration 3/10  1.2 s\n" + line + "\r\x1b[K");
}

TEST(LiveMonitor, CutToTheTerminalWidth) {
  ScriptedSource script({live_sample(0, 0), live_sample(1, 1)});
  std::ostringstream out;
  LiveMonitor monitor(out, script.source(), fast_monitor(MonitorStyle::in_place, 12));
  script.wait_for_calls(3);
  monitor.stop();
  EXPECT_EQ(out.str(), "\rmonitor: CPU\x1b[K\r\x1b[K");
}

TEST(LiveMonitor, NothingAfterStop) {
  ScriptedSource script({live_sample(0, 0), live_sample(1, 1), live_sample(2, 2)});
  std::ostringstream out;
  LiveMonitor monitor(out, script.source(), fast_monitor(MonitorStyle::plain));
  script.wait_for_calls(2);
  monitor.stop();
  const std::string at_stop = out.str();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  monitor.stop();  // again: nothing more
  EXPECT_EQ(out.str(), at_stop);
  monitor.print_above([&out] { out << "done\n"; });  // after stop, it just prints
  EXPECT_EQ(out.str(), at_stop + "done\n");
}

// A stop must not wait out the interval: a run's end is not held up by the monitor's second.
TEST(LiveMonitor, StopsAtOnceInTheMiddleOfAnInterval) {
  ScriptedSource script({});
  std::ostringstream out;
  MonitorSettings slow = fast_monitor(MonitorStyle::in_place);
  slow.interval = std::chrono::milliseconds(60'000);
  const auto start = std::chrono::steady_clock::now();
  { LiveMonitor monitor(out, script.source(), slow); }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(out.str(), "");  // nothing shown, nothing to erase
}

TEST(LiveMonitor, AFailingSourceShowsNothing) {
  std::atomic<int> calls{0};
  std::ostringstream out;
  LiveMonitor monitor(
      out,
      [&calls]() -> std::optional<resources::Sample> {
        ++calls;
        throw std::runtime_error("counter gone");
      },
      fast_monitor(MonitorStyle::plain));
  for (int i = 0; i < 10'000 && calls.load() < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  monitor.stop();
  EXPECT_GE(calls.load(), 3);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace winml::report
