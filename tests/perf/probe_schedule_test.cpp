#include "perf/probe_schedule.h"

#include <gtest/gtest.h>

#include <limits>

namespace winml::perf {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

// 500 kB of decode weights and 128 bytes of cache per position (the small synthesised bundle's shape).
RooflineModel small_model() {
  RooflineModel m;
  m.decode_weights.read_per_token_bytes = 500'000;
  m.kv_bytes_per_position = 128;
  return m;
}

TEST(ProbeSchedule, TheLargestStepReadsTheWeightsAndTheCacheAtTheLongestContext) {
  EXPECT_EQ(largest_step_bytes(small_model(), 1000), 500'000u + 128'000u);
  EXPECT_EQ(largest_step_bytes(small_model(), 0), 500'000u);
  EXPECT_EQ(largest_step_bytes(small_model(), -3), 500'000u);
}

TEST(ProbeSchedule, AStepFitsOnlyAKnownCacheAtLeastItsSize) {
  EXPECT_TRUE(fits_in_cache(32.0 * kMiB, 32 * kMiB));
  EXPECT_FALSE(fits_in_cache(32.0 * kMiB + 1, 32 * kMiB));
  EXPECT_FALSE(fits_in_cache(1, 0));  // unknown cache: never assumed to hold anything
}

TEST(ProbeSchedule, AutomaticSkipsTheProbesWhenTheStepFitsInCache) {
  EXPECT_EQ(probe_skip(BandwidthProbeMode::automatic, 600'000, 32 * kMiB), ProbeSkip::in_cache);
  EXPECT_EQ(probe_skip(BandwidthProbeMode::automatic, 64 * kMiB, 32 * kMiB), ProbeSkip::none);
  EXPECT_EQ(probe_skip(BandwidthProbeMode::automatic, 600'000, 0), ProbeSkip::none);
}

TEST(ProbeSchedule, TheFlagsOverrideTheCacheRule) {
  EXPECT_EQ(probe_skip(BandwidthProbeMode::forced, 600'000, 32 * kMiB), ProbeSkip::none);
  EXPECT_EQ(probe_skip(BandwidthProbeMode::off, 64 * kMiB, 32 * kMiB), ProbeSkip::off);
}

TEST(ProbeSchedule, TheBudgetIsATenthOfTheRunUpToTheShortProbe) {
  EXPECT_DOUBLE_EQ(probe_budget_seconds(0.5), 0.05);
  EXPECT_DOUBLE_EQ(probe_budget_seconds(2.0), kShortBandwidthProbeSeconds);
  EXPECT_DOUBLE_EQ(probe_budget_seconds(600), kShortBandwidthProbeSeconds);
  EXPECT_EQ(probe_budget_seconds(0), 0);
  EXPECT_EQ(probe_budget_seconds(-1), 0);
  EXPECT_EQ(probe_budget_seconds(std::numeric_limits<double>::quiet_NaN()), 0);
}

}  // namespace
}  // namespace winml::perf
