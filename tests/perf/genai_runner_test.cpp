#include "perf/genai_runner.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "fake_clock.h"
#include "perf/genai_result.h"
#include "recording_progress.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

using testing::ManualClock;
using testing::RecordingProgress;

/// Durations one fake generation spends in each GenAI call.
struct Script {
  double prefill = 0.5;
  double first = 0.25;
  std::vector<double> decode = {0.125, 0.125};
  int input_tokens = 8;
};

/// Times its fake GenAI calls with the manual clock exactly as generate_timed times real ones:
/// a clock read before and after each call, nothing else.
class ScriptedSource final : public GenerationSource {
 public:
  ScriptedSource(ManualClock& clock, std::vector<Script> scripts) : clock_(clock), scripts_(std::move(scripts)) {}
  GenerationTiming generate() override {
    const Script& s = scripts_[calls % scripts_.size()];
    ++calls;
    GenerationTiming t;
    t.prefill_s = timed_call(s.prefill);
    t.first_token_s = timed_call(s.first);
    for (double d : s.decode) t.decode_s.push_back(timed_call(d));
    t.input_tokens = s.input_tokens;
    t.generated_tokens = 1 + static_cast<int>(s.decode.size());
    clock_.advance(1.0);  // detokenisation etc. after timing: must not show up in any metric
    return t;
  }
  std::size_t calls = 0;

 private:
  double timed_call(double cost) {
    const double t0 = clock_.now;
    clock_.advance(cost);
    return clock_.now - t0;
  }
  ManualClock& clock_;
  std::vector<Script> scripts_;
};

TEST(GenaiRunner, WarmupThenCountOfTimedGenerations) {
  ManualClock clock;
  Script warm{4, 4, {4}, 8};  // warmup generations are slow: they must not reach the statistics
  Script fast{0.5, 0.25, {0.125, 0.125}, 8};
  ScriptedSource source(clock, {warm, warm, fast});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 2;
  settings.iterations = 1;
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress);
  ASSERT_EQ(run.warmup.size(), 2u);
  ASSERT_EQ(run.timed.size(), 1u);
  EXPECT_EQ(run.warmup[0].prefill_s, 4);
  EXPECT_EQ(run.timed[0].prefill_s, 0.5);

  const GenaiMetrics m = compute_genai_metrics(run.timed);
  EXPECT_EQ(m.ttft_s.mean, 0.75);
  EXPECT_EQ(m.tpot_s.mean, 0.125);
  EXPECT_EQ(m.decode_tokens_per_s_aggregate, 8);
  EXPECT_EQ(m.total_s.mean, 1.0);
  EXPECT_EQ(warmup_means(run.warmup).ttft_s, 8);
}

TEST(GenaiRunner, ReportsEveryGenerationInOrder) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 1;
  settings.iterations = 2;
  run_genai_benchmark(source, settings, clock.clock(), progress);
  ASSERT_EQ(progress.events.size(), 3u);
  EXPECT_EQ(progress.events[0].phase, Phase::warmup);
  EXPECT_EQ(progress.events[0].index, 1u);
  EXPECT_EQ(progress.events[0].total, 1u);
  EXPECT_EQ(progress.events[1].phase, Phase::timed);
  EXPECT_EQ(progress.events[2].index, 2u);
  EXPECT_EQ(progress.events[2].total, 2u);
  EXPECT_EQ(progress.events[2].iteration_s, 1.0);  // the generation's own total_s
  EXPECT_EQ(progress.events[2].elapsed_s, 6.0);    // 3 generations of 1 s timed + 1 s untimed each
}

TEST(GenaiRunner, TimeBudgetStopsStartingGenerations) {
  ManualClock clock;
  // Each generation takes 2 s of clock time (1 s timed calls + 1 s after timing).
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 3;  // 6 s of warmup: must not eat into the budget
  settings.iterations = 100;
  settings.duration_s = 5.0;
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress);
  // Starts at 0, 2 and 4 s into the timed phase; at 6 s the budget is spent.
  EXPECT_EQ(run.timed.size(), 3u);
  EXPECT_EQ(run.timed_wall_s, 6.0);
  EXPECT_EQ(progress.events.back().total, 0u);
  EXPECT_EQ(progress.events.back().budget_s, 5.0);
}

TEST(GenaiRunner, BudgetShorterThanOneGenerationStillMeasuresOne) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 0;
  settings.duration_s = 0.01;
  EXPECT_EQ(run_genai_benchmark(source, settings, clock.clock(), progress).timed.size(), 1u);
}

TEST(GenaiRunner, SlowProgressDoesNotChangeTheBudgetCount) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  progress.clock = &clock;
  progress.cost_s = 1.0;  // printing costs time too; it is spent, so it counts against the budget
  LoopSettings settings;
  settings.warmup = 0;
  settings.duration_s = 5.0;
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress);
  EXPECT_EQ(run.timed.size(), 2u);  // generations start at 0 and 3 s; at 5 s (before progress) -> stop
  EXPECT_EQ(compute_genai_metrics(run.timed).total_s.max, 1.0);
}

TEST(GenaiRunner, InvalidSettingsFailBeforeAnyGeneration) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.iterations = 0;
  EXPECT_THROW(run_genai_benchmark(source, settings, clock.clock(), progress), UsageError);
  EXPECT_EQ(source.calls, 0u);
}

TEST(GenaiRunner, SourceErrorsPropagate) {
  struct Failing final : GenerationSource {
    GenerationTiming generate() override { throw SessionError("boom"); }
  } failing;
  ManualClock clock;
  NullProgress progress;
  EXPECT_THROW(run_genai_benchmark(failing, LoopSettings{}, clock.clock(), progress), SessionError);
}

TEST(GenaiRunner, AStopRequestEndsTheTimedPhaseAfterTheGenerationInProgress) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 1;
  settings.iterations = 10;
  // Ctrl-C arrives during the third timed generation: it finishes, no fourth starts.
  const StopRequest stop = [&] { return source.calls >= 4; };
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress, stop);
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(run.warmup.size(), 1u);
  EXPECT_EQ(run.timed.size(), 3u);
  EXPECT_EQ(source.calls, 4u);
}

TEST(GenaiRunner, AStopRequestDuringTheWarmupLeavesNoTimedGeneration) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.warmup = 3;
  const StopRequest stop = [&] { return source.calls >= 1; };
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress, stop);
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(run.warmup.size(), 1u);
  EXPECT_TRUE(run.timed.empty());
}

TEST(GenaiRunner, ARunNobodyStopsIsNotMarkedStopped) {
  ManualClock clock;
  ScriptedSource source(clock, {Script{}});
  RecordingProgress progress;
  LoopSettings settings;
  settings.iterations = 2;
  const GenaiRunSamples run = run_genai_benchmark(source, settings, clock.clock(), progress, [] { return false; });
  EXPECT_FALSE(run.stopped);
  EXPECT_EQ(run.timed.size(), 2u);
}

}  // namespace
}  // namespace winml::perf
