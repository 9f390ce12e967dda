#include "perf/latency_runner.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "fake_clock.h"
#include "recording_progress.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

using testing::ManualClock;
using testing::RecordingProgress;

/// A fake Run call whose k-th invocation (0-based) takes costs[k] seconds of clock time.
struct FakeRun {
  ManualClock& clock;
  std::vector<double> costs;
  std::size_t calls = 0;
  std::function<void()> fn() {
    return [this] { clock.advance(costs[std::min(calls++, costs.size() - 1)]); };
  }
};

TEST(LatencyRunner, FirstRunWarmupAndTimedRunsAreKeptApart) {
  ManualClock clock;
  // Powers of two keep the clock arithmetic exact.
  FakeRun run{clock, {0.5, 0.25, 0.25, 1.0 / 1024, 2.0 / 1024, 3.0 / 1024}};
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 2;
  settings.iterations = 3;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  EXPECT_EQ(run.calls, 6u);  // 1 first run + 2 warmup + 3 timed
  EXPECT_EQ(r.first_run_s, 0.5);
  EXPECT_EQ(r.warmup_s, (std::vector<double>{0.25, 0.25}));
  ASSERT_EQ(r.timed_s.size(), 3u);
  EXPECT_EQ(r.timed_s, (std::vector<double>{1.0 / 1024, 2.0 / 1024, 3.0 / 1024}));
}

TEST(LatencyRunner, OnlyTheRunCallIsTimed) {
  ManualClock clock;
  FakeRun run{clock, {0.125}};
  RecordingProgress progress;
  progress.clock = &clock;
  progress.cost_s = 10;  // a very slow progress sink
  LoopSettings settings;
  settings.warmup = 1;
  settings.iterations = 4;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  EXPECT_EQ(r.first_run_s, 0.125);
  for (double s : r.warmup_s) EXPECT_EQ(s, 0.125);
  for (double s : r.timed_s) EXPECT_EQ(s, 0.125);
  ASSERT_EQ(progress.events.size(), 6u);
  EXPECT_EQ(progress.events[0].phase, Phase::first_run);
  EXPECT_EQ(progress.events[1].phase, Phase::warmup);
  EXPECT_EQ(progress.events[5].phase, Phase::timed);
  EXPECT_EQ(progress.events[5].index, 4u);
  EXPECT_EQ(progress.events[5].total, 4u);
  EXPECT_EQ(progress.events[5].iteration_s, 0.125);
}

TEST(LatencyRunner, TimeBudget) {
  ManualClock clock;
  FakeRun run{clock, {1.0, 0.5, 0.5, 0.5}};  // first run 1 s, then 0.5 s each
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 1;
  settings.duration_s = 1.2;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  EXPECT_EQ(r.timed_s.size(), 3u);  // starts at 0, 0.5, 1.0 s into the timed phase
  EXPECT_EQ(r.timed_wall_s, 1.5);
  EXPECT_EQ(progress.events.back().total, 0u);
}

TEST(LatencyRunner, TimeBudgetIsCapped) {
  ManualClock clock;
  FakeRun run{clock, {0.001}};
  NullProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.duration_s = 1e6;
  settings.max_iterations = 7;
  EXPECT_EQ(run_latency_benchmark(run.fn(), settings, clock.clock(), progress).timed_s.size(), 7u);
}

TEST(LatencyRunner, ZeroWarmupStillDoesTheFirstRunApart) {
  ManualClock clock;
  FakeRun run{clock, {2.0, 0.25}};
  NullProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.iterations = 2;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  EXPECT_EQ(r.first_run_s, 2.0);
  EXPECT_TRUE(r.warmup_s.empty());
  EXPECT_EQ(r.timed_s, (std::vector<double>{0.25, 0.25}));
}

TEST(LatencyRunner, ErrorsPropagateAndBadSettingsRunNothing) {
  ManualClock clock;
  NullProgress progress;
  int calls = 0;
  LoopSettings bad;
  bad.iterations = 0;
  EXPECT_THROW(run_latency_benchmark([&] { ++calls; }, bad, clock.clock(), progress), UsageError);
  EXPECT_EQ(calls, 0);
  EXPECT_THROW(
      run_latency_benchmark([] { throw std::runtime_error("run failed"); }, LoopSettings{}, clock.clock(), progress),
      std::runtime_error);
}

}  // namespace
}  // namespace winml::perf
