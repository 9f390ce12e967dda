#include "perf/latency_runner.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "fake_clock.h"
#include "perf/target_ci.h"
#include "recording_progress.h"
#include "stats/statistics.h"
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

// --target-ci 1 with runs alternating 1.00 and 1.01 ms: after 3 runs the 95 % interval is
// ±1.43 % of the mean (t(0.975, 2) = 4.303), after 4 it is ±0.914 % (t(0.975, 3) = 3.182), so the
// run stops at 4 and says the target was met.
TEST(LatencyRunner, TargetCiStopsOnceTheIntervalIsNarrowEnough) {
  ManualClock clock;
  FakeRun run{clock, {0.01, 1.00e-3, 1.01e-3, 1.00e-3, 1.01e-3, 1.00e-3, 1.01e-3}};
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.iterations = 2;  // the minimum
  settings.target_ci_pct = 1;
  settings.max_iterations = 50;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  ASSERT_EQ(r.timed_s.size(), 4u);
  EXPECT_EQ(progress.events.back().total, 0u);  // open-ended
  const auto outcome = assess_target_ci(settings, "latency_ms", summarize(r.timed_s), r.timed_s.size());
  ASSERT_TRUE(outcome);
  EXPECT_TRUE(outcome->met);
  EXPECT_EQ(outcome->stopped_by, TargetCiStop::target);
  EXPECT_NEAR(*outcome->half_width_pct, 0.914, 0.001);
  EXPECT_EQ(outcome->iterations, 4u);
}

// Runs alternating 1 and 3 ms never get within 1 % in 50 runs (the interval is about ±14 %): the
// run stops at --max-iterations and reports the target as not met, with a warning naming the bound.
TEST(LatencyRunner, TargetCiThatIsNeverMetStopsAtMaxIterations) {
  ManualClock clock;
  std::vector<double> costs = {0.01};
  for (int i = 0; i < 100; ++i) costs.push_back(i % 2 == 0 ? 1e-3 : 3e-3);
  FakeRun run{clock, costs};
  NullProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.iterations = 5;
  settings.target_ci_pct = 1;
  settings.max_iterations = 50;
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress);
  ASSERT_EQ(r.timed_s.size(), 50u);
  const auto outcome = assess_target_ci(settings, "latency_ms", summarize(r.timed_s), r.timed_s.size());
  ASSERT_TRUE(outcome);
  EXPECT_FALSE(outcome->met);
  EXPECT_EQ(outcome->stopped_by, TargetCiStop::max_iterations);
  EXPECT_GT(*outcome->half_width_pct, 10);
  const std::string warning = target_ci_warning(*outcome, settings);
  EXPECT_NE(warning.find("--target-ci 1 not met"), std::string::npos) << warning;
  EXPECT_NE(warning.find("--max-iterations 50"), std::string::npos) << warning;
}

// --duration bounds a --target-ci run too, and --iterations is its minimum even when identical
// runs would meet the target at once.
TEST(LatencyRunner, TargetCiIsBoundedByDurationAndRunsTheMinimum) {
  ManualClock clock;
  FakeRun slow{clock, {0.5, 0.5, 1.5}};  // first run, then alternating 0.5 and 1.5 s
  slow.costs = {0.5};
  for (int i = 0; i < 20; ++i) slow.costs.push_back(i % 2 == 0 ? 0.5 : 1.5);
  NullProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.iterations = 2;
  settings.target_ci_pct = 1;
  settings.max_iterations = 1000;
  settings.duration_s = 3.5;
  const LatencyRun bounded = run_latency_benchmark(slow.fn(), settings, clock.clock(), progress);
  EXPECT_EQ(bounded.timed_s.size(), 4u);  // starts at 0, 0.5, 2.0, 2.5 s; 4.0 s is past the budget
  const auto outcome = assess_target_ci(settings, "latency_ms", summarize(bounded.timed_s), bounded.timed_s.size());
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->stopped_by, TargetCiStop::duration);
  EXPECT_NE(target_ci_warning(*outcome, settings).find("--duration 3.5"), std::string::npos);

  ManualClock steady_clock;
  FakeRun steady{steady_clock, {0.001}};
  LoopSettings minimum;
  minimum.warmup = 0;
  minimum.iterations = 6;
  minimum.target_ci_pct = 5;
  minimum.max_iterations = 100;
  EXPECT_EQ(run_latency_benchmark(steady.fn(), minimum, steady_clock.clock(), progress).timed_s.size(), 6u);
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

TEST(LatencyRunner, AStopRequestEndsTheTimedPhaseAfterTheRunInProgress) {
  ManualClock clock;
  FakeRun run{clock, {1.0 / 1024}};
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 2;
  settings.duration_s = 3600;  // an hour-long budget Ctrl-C cuts short
  // Ctrl-C during the fifth timed run: 1 first + 2 warmup + 5 timed calls, then no more.
  const StopRequest stop = [&] { return run.calls >= 8; };
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress, stop);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.warmup_s.size(), 2u);
  EXPECT_EQ(r.timed_s.size(), 5u);
  EXPECT_EQ(run.calls, 8u);
  EXPECT_GT(r.timed_wall_s, 0);
}

TEST(LatencyRunner, AStopRequestDuringTheWarmupLeavesNoTimedRun) {
  ManualClock clock;
  FakeRun run{clock, {1.0 / 1024}};
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 5;
  const StopRequest stop = [&] { return run.calls >= 2; };
  const LatencyRun r = run_latency_benchmark(run.fn(), settings, clock.clock(), progress, stop);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.warmup_s.size(), 1u);
  EXPECT_TRUE(r.timed_s.empty());
}

}  // namespace
}  // namespace winml::perf
