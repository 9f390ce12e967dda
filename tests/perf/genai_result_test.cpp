#include "perf/genai_result.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

GenerationTiming timing(double prefill, double first, std::vector<double> decode, int input = 10) {
  GenerationTiming t;
  t.prefill_s = prefill;
  t.first_token_s = first;
  t.decode_s = std::move(decode);
  t.input_tokens = input;
  t.generated_tokens = 1 + static_cast<int>(t.decode_s.size());
  t.text = "ignored";
  return t;
}

// Three generations: 4 tokens, 2 tokens, and 1 token (no decode step, e.g. EOS under --stop-at-eos).
std::vector<GenerationTiming> three() {
  return {timing(0.5, 0.25, {0.125, 0.125, 0.25}), timing(0.25, 0.25, {0.25}), timing(0.25, 0.5, {})};
}

TEST(GenaiMetrics, PerIterationSummaries) {
  const GenaiMetrics m = compute_genai_metrics(three());
  EXPECT_EQ(m.iterations, 3u);
  EXPECT_EQ(m.ttft_s.count, 3u);
  EXPECT_EQ(m.ttft_s.mean, (0.75 + 0.5 + 0.75) / 3);
  EXPECT_EQ(m.ttft_s.min, 0.5);
  EXPECT_EQ(m.ttft_s.at(50), 0.75);  // sorted .5 .75 .75, rank 2
  EXPECT_EQ(m.prefill_s.mean, 1.0 / 3);
  EXPECT_EQ(m.first_token_s.max, 0.5);
  EXPECT_EQ(m.total_s.max, 1.25);
  EXPECT_EQ(m.total_s.min, 0.75);
}

TEST(GenaiMetrics, IterationsWithoutDecodeStepsAreLeftOutOfTpotAndRate) {
  const GenaiMetrics m = compute_genai_metrics(three());
  EXPECT_EQ(m.tpot_s.count, 2u);
  EXPECT_DOUBLE_EQ(m.tpot_s.mean, (0.5 / 3 + 0.25) / 2);
  EXPECT_EQ(m.decode_tokens_per_s.count, 2u);
  EXPECT_EQ(m.decode_tokens_per_s.mean, (6.0 + 4.0) / 2);
  EXPECT_EQ(m.decode_tokens_per_s.min, 4);
}

TEST(GenaiMetrics, PooledDecodeStepsAndAggregates) {
  const GenaiMetrics m = compute_genai_metrics(three());
  EXPECT_EQ(m.decode_steps, 4u);
  EXPECT_EQ(m.decode_step_s.count, 4u);
  EXPECT_EQ(m.decode_step_s.mean, 0.1875);
  EXPECT_EQ(m.decode_step_s.at(50), 0.125);
  EXPECT_EQ(m.decode_step_s.max, 0.25);
  // 4 decode steps in 0.75 s, not the mean of per-iteration rates (5).
  EXPECT_DOUBLE_EQ(m.decode_tokens_per_s_aggregate, 4 / 0.75);
  EXPECT_EQ(m.prefill_tokens_per_s_aggregate, 30);  // 3 x 10 prompt tokens in 1 s of prefill
  // 1.25 + 0.75 + 0.75 s of generation for 4 + 2 + 1 tokens.
  EXPECT_DOUBLE_EQ(m.avg_token_latency_s, 2.75 / 7);
}

TEST(GenaiMetrics, TokenCounts) {
  const GenaiMetrics m = compute_genai_metrics(three());
  EXPECT_EQ(m.prompt_tokens, 10);
  EXPECT_EQ(m.generated_tokens, (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(m.generated_tokens_total, 7);
}

TEST(GenaiMetrics, NoTimedGenerationsGiveZeros) {
  const GenaiMetrics m = compute_genai_metrics({});
  EXPECT_EQ(m.iterations, 0u);
  EXPECT_EQ(m.ttft_s.count, 0u);
  EXPECT_EQ(m.decode_tokens_per_s_aggregate, 0);
  EXPECT_EQ(m.avg_token_latency_s, 0);
  EXPECT_EQ(m.prompt_tokens, 0);
}

TEST(GenaiResult, WarmupIsExcludedAndReportedApart) {
  GenaiRunSamples run;
  run.warmup = {timing(8, 8, {8, 8}), timing(4, 4, {4})};
  run.timed = three();
  GenaiPerfConfig config;
  config.bundle = "b";
  GenaiRunFacts facts;
  facts.load.model_s = 1.5;
  facts.preparation = {{"decoder", "cpu", "jit", 0, ""}};
  MachineInfo machine;
  machine.cpu_model = "cpu";
  const GenaiPerfResult r = make_genai_result(config, run, facts, machine);
  EXPECT_EQ(r.metrics.ttft_s.max, 0.75);
  EXPECT_EQ(r.metrics.iterations, 3u);
  EXPECT_EQ(r.warmup.count, 2u);
  EXPECT_EQ(r.warmup.ttft_s, 12);
  EXPECT_EQ(r.warmup.prefill_s, 6);
  EXPECT_EQ(r.warmup.total_s, (32.0 + 12.0) / 2);
  EXPECT_EQ(r.warmup.decode_tokens_per_s, 3.0 / 20);
  ASSERT_EQ(r.samples.size(), 3u);
  ASSERT_EQ(r.warmup_samples.size(), 2u);
  EXPECT_EQ(r.samples[0].decode_s, (std::vector<double>{0.125, 0.125, 0.25}));
  EXPECT_EQ(r.samples[0].total_s(), 1.25);
  EXPECT_EQ(r.warmup_samples[1].prefill_s, 4);
  EXPECT_EQ(r.config.bundle, "b");
  EXPECT_EQ(r.facts.load.total_s(), 1.5);
  EXPECT_FALSE(r.cold);  // no --cold
  EXPECT_EQ(r.context.machine.cpu_model, "cpu");
}

// A closed loop of `concurrency` slots after `warmup` per slot, its first `slow` requests apart.
GenaiPerfResult served(std::size_t concurrency, std::size_t warmup, std::size_t timed, std::size_t slow) {
  GenaiRunSamples run;
  run.warmup.assign(warmup * concurrency, timing(0.1, 0.1, {0.01}));
  for (std::size_t i = 0; i < timed; ++i) {
    const double jitter = 0.001 * static_cast<double>(i % 3);
    run.timed.push_back(i < slow ? timing(0.5, 0.5, {0.05}) : timing(0.1 + jitter, 0.1, {0.01 + jitter / 10}));
  }
  GenaiPerfConfig config;
  config.warmup = warmup;
  ServingConfig serving;
  serving.concurrency = concurrency;
  serving.requests = timed;
  serving.warmup_requests = warmup * concurrency;
  config.serving = serving;
  return make_genai_result(config, run, {}, {});
}

// The case: --concurrency 8 --requests 16 --warmup 2. The first 8 timed requests are
// admitted together after the warmup loop drained, a ramp no warmup removes; the old rule read
// them as a short warmup and advised --warmup 24 (16 warmup requests + 8, in the wrong unit).
TEST(GenaiResult, AServingRunsFirstWaveIsNotAShortWarmup) {
  const GenaiPerfResult r = served(8, 2, 16, 8);
  EXPECT_EQ(r.context.quality.suggested_warmup, 0u);
  EXPECT_EQ(r.context.quality.warmup_warning, "");
  EXPECT_EQ(r.context.quality.warmup.front().leading_apart, 8u);  // measured all the same
}

// Past the first wave, the advice counts in --warmup's own unit (conversations per slot).
TEST(GenaiResult, AServingRunsWarmupAdviceIsPerSlot) {
  const GenaiPerfResult r = served(8, 2, 32, 12);
  EXPECT_EQ(r.context.quality.suggested_warmup, 3u);  // 2 + ceil((12 - 8) / 8)
  EXPECT_NE(r.context.quality.warmup_warning.find("first 12 timed requests"), std::string::npos)
      << r.context.quality.warmup_warning;
  EXPECT_NE(r.context.quality.warmup_warning.find("--warmup 3 (or more: 24 warmup conversations)"), std::string::npos)
      << r.context.quality.warmup_warning;
}

TEST(GenaiResult, NoWarmupGivesZeroMeans) {
  const WarmupMeans w = warmup_means({});
  EXPECT_EQ(w.count, 0u);
  EXPECT_EQ(w.ttft_s, 0);
  EXPECT_EQ(w.decode_tokens_per_s, 0);
}

}  // namespace
}  // namespace winml::perf
