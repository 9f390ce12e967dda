#include "perf/genai_roofline.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

GenerationSample sample(double prefill, std::vector<double> decode, int input) {
  GenerationSample s;
  s.prefill_s = prefill;
  s.decode_s = std::move(decode);
  s.input_tokens = input;
  s.generated_tokens = 1 + static_cast<int>(s.decode_s.size());
  return s;
}

BandwidthResult probe(double best_read) {
  BandwidthResult r;
  r.read.best_gb_per_s = best_read;
  r.read.median_gb_per_s = best_read - 1;
  return r;
}

RooflineModel model() {
  RooflineModel m;
  m.attention = {2, 4, 2, 8, 1};
  m.decode_weights.read_per_token_bytes = 1'000'000;
  m.weights_in_memory_bytes = 5'000'000;
  m.kv_bytes_per_position = 100;
  m.prefill_macs_per_token = 2000;
  return m;
}

// Hand-computed: iteration A (prompt 10) has steps reading 11 and 12 positions, iteration B
// (prompt 10) one step reading 11: 34 positions over 3 steps; 0.006 s of decode over 3 steps.
TEST(GenaiRoofline, DecodeBytesAreWeightsPlusTheMeanCacheReadOverEveryStep) {
  const std::vector<GenerationSample> timed = {sample(0.5, {0.001, 0.003}, 10), sample(0.7, {0.002}, 10)};
  GenaiMetrics metrics;
  metrics.prompt_tokens = 10;
  metrics.prefill_s.mean = 0.6;
  const RooflineMetrics r = compute_roofline(model(), timed, metrics, {probe(40), probe(50)}, 6'000'000);
  EXPECT_DOUBLE_EQ(r.context_tokens_per_step, 34.0 / 3);
  EXPECT_DOUBLE_EQ(r.kv_cache_bytes_per_step, 3400.0 / 3);
  EXPECT_DOUBLE_EQ(r.bytes_per_step, 1'000'000 + 3400.0 / 3);
  EXPECT_DOUBLE_EQ(r.decode_step_s, 0.002);
  EXPECT_DOUBLE_EQ(r.decode_gb_per_s, (1'000'000 + 3400.0 / 3) / 0.002 / 1e9);
  ASSERT_TRUE(r.limit_gb_per_s);
  EXPECT_DOUBLE_EQ(*r.limit_gb_per_s, 50);  // the higher best read rate of the two probes
  ASSERT_TRUE(r.fraction_of_limit);
  EXPECT_DOUBLE_EQ(*r.fraction_of_limit, r.decode_gb_per_s / 50);
  // Prefill: 2 x 2000 x 10 for the weights, 4 x 2 x 4 x 8 x (1 + ... + 10) for attention.
  EXPECT_DOUBLE_EQ(r.prefill_flops.weight_flops, 40'000);
  EXPECT_DOUBLE_EQ(r.prefill_flops.attention_flops, 4.0 * 2 * 4 * 8 * 55);
  EXPECT_DOUBLE_EQ(r.prefill_gflop_per_s, (40'000 + 4.0 * 2 * 4 * 8 * 55) / 0.6 / 1e9);
  // Memory: the longest iteration reached 12 positions.
  EXPECT_EQ(r.longest_context_tokens, 12);
  EXPECT_EQ(r.kv_cache_bytes, 1200u);
  EXPECT_EQ(r.weights_bytes, 5'000'000u);
  EXPECT_EQ(r.rest_of_peak_rss_bytes, 6'000'000u - 5'000'000u - 1200u);
}

TEST(GenaiRoofline, DepthAddsToEveryPosition) {
  const std::vector<GenerationSample> timed = {sample(0.5, {0.001}, 10)};
  GenaiMetrics metrics;
  metrics.prompt_tokens = 10;
  const RooflineMetrics r = compute_roofline(model(), timed, metrics, {}, 0, 100);
  EXPECT_DOUBLE_EQ(r.context_tokens_per_step, 111);
  EXPECT_EQ(r.longest_context_tokens, 111);
}

TEST(GenaiRoofline, WithoutProbesOrStepsTheFractionIsAbsentAndNothingDividesByZero) {
  const std::vector<GenerationSample> timed = {sample(0.5, {}, 10)};
  GenaiMetrics metrics;
  metrics.prompt_tokens = 10;
  const RooflineMetrics r = compute_roofline(model(), timed, metrics, {std::nullopt, std::nullopt}, 1000);
  EXPECT_FALSE(r.limit_gb_per_s);
  EXPECT_FALSE(r.fraction_of_limit);
  EXPECT_EQ(r.decode_gb_per_s, 0);
  EXPECT_EQ(r.kv_cache_bytes_per_step, 0);
  EXPECT_EQ(r.prefill_gflop_per_s, 0);  // no prefill time in the metrics
  EXPECT_EQ(r.longest_context_tokens, 10);
  EXPECT_EQ(r.rest_of_peak_rss_bytes, 0u);  // peak RSS below the weights: clamped, not wrapped
  const RooflineMetrics one = compute_roofline(model(), {sample(0.5, {0.001}, 10)}, metrics, {probe(30), {}}, 0);
  ASSERT_TRUE(one.limit_gb_per_s);
  EXPECT_DOUBLE_EQ(*one.limit_gb_per_s, 30);
}

}  // namespace
}  // namespace winml::perf
