#include "machine/bandwidth_probe.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "winml/errors.h"

namespace winml::perf {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

TEST(BandwidthProbe, ArraysAreFourTimesTheLastLevelCacheAndAtLeast128MiB) {
  EXPECT_EQ(bandwidth_array_bytes(0, {.last_level_cache_bytes = 256 * kMiB}, 1), kGiB);
  EXPECT_EQ(bandwidth_array_bytes(0, {.last_level_cache_bytes = 8 * kMiB}, 1), 128 * kMiB);
  EXPECT_EQ(bandwidth_array_bytes(0, {}, 1), 128 * kMiB);  // cache unknown
}

TEST(BandwidthProbe, ThreeArraysTakeAtMostAQuarterOfTheAvailableMemory) {
  EXPECT_EQ(bandwidth_array_bytes(0, {.last_level_cache_bytes = 256 * kMiB, .available_memory_bytes = 6 * kGiB}, 1),
            512 * kMiB);
  EXPECT_EQ(bandwidth_array_bytes(0, {.last_level_cache_bytes = 0, .available_memory_bytes = 120 * kMiB}, 1),
            10 * kMiB);
  EXPECT_EQ(bandwidth_array_bytes(0, {.last_level_cache_bytes = 0, .available_memory_bytes = 64 * kGiB}, 1),
            128 * kMiB);  // plenty of memory: the rule's size, not more
}

TEST(BandwidthProbe, EveryThreadOwnsWholePages) {
  EXPECT_EQ(bandwidth_array_bytes(0, {}, 3) % (3 * 4096), 0u);
  EXPECT_EQ(bandwidth_array_bytes(0, {}, 3), 128 * kMiB - 8192);  // 128 MiB is 32768 pages, 32766 = 3 x 10922
  EXPECT_EQ(bandwidth_array_bytes(100'000, {}, 2), 98'304u);      // 24 pages, 12 per thread
  EXPECT_EQ(bandwidth_array_bytes(1, {}, 4), 4u * 4096);          // at least one page each
  EXPECT_EQ(bandwidth_array_bytes(5 * kGiB, {.available_memory_bytes = kGiB}, 1), 5 * kGiB);  // asked for: taken
}

TEST(BandwidthProbe, BytesAreCountedAsStreamCountsThem) {
  EXPECT_EQ(read_repetition_bytes(100 * kMiB), 300 * kMiB);   // a, b and c read once
  EXPECT_EQ(triad_repetition_bytes(100 * kMiB), 300 * kMiB);  // b and c read, a written; no write-allocate
  EXPECT_DOUBLE_EQ(gb_per_s(3'000'000'000, 0.5), 6.0);        // GB = 1e9 bytes
  EXPECT_DOUBLE_EQ(gb_per_s(1000, 0), 1000.0);                // an instant counts as 1 ns
}

TEST(BandwidthProbe, BestIsTheFastestAndMedianTheLowerMiddle) {
  const BandwidthRate rate = summarize_bandwidth({30, 41, 33, 35});
  EXPECT_EQ(rate.best_gb_per_s, 41);
  EXPECT_EQ(rate.median_gb_per_s, 33);                                         // nearest rank: the 2nd of 4
  EXPECT_THAT(rate.samples_gb_per_s, ::testing::ElementsAre(30, 41, 33, 35));  // as measured
  EXPECT_EQ(summarize_bandwidth({32}).median_gb_per_s, 32);
  const BandwidthRate none = summarize_bandwidth({});
  EXPECT_EQ(none.best_gb_per_s, 0);
  EXPECT_EQ(none.median_gb_per_s, 0);
  EXPECT_THROW(summarize_bandwidth({1, std::numeric_limits<double>::quiet_NaN()}), Error);
}

TEST(BandwidthProbe, RefusesABadBudgetOrTooManyThreads) {
  EXPECT_THROW(measure_memory_bandwidth({.budget_seconds = -1}), UsageError);
  EXPECT_THROW(measure_memory_bandwidth({.budget_seconds = std::numeric_limits<double>::infinity()}), UsageError);
  EXPECT_THROW(measure_memory_bandwidth({.budget_seconds = 0, .threads = 5000}), UsageError);
}

void expect_sane(const BandwidthRate& rate) {
  ASSERT_GE(rate.samples_gb_per_s.size(), kMinBandwidthRounds);
  for (double sample : rate.samples_gb_per_s) {
    EXPECT_TRUE(std::isfinite(sample));
    EXPECT_GT(sample, 0);
  }
  EXPECT_EQ(rate.best_gb_per_s, *std::max_element(rate.samples_gb_per_s.begin(), rate.samples_gb_per_s.end()));
  EXPECT_LE(rate.median_gb_per_s, rate.best_gb_per_s);
  EXPECT_GT(rate.median_gb_per_s, 0);
}

// The short probe perf will run, for real. No timing thresholds a busy machine could break: only a
// floor no working memory system is below.
TEST(BandwidthProbe, ShortProbeMeasuresWithTheThreadsAsked) {
  const BandwidthResult result =
      measure_memory_bandwidth({.budget_seconds = kShortBandwidthProbeSeconds, .threads = 2});
  EXPECT_EQ(result.threads, 2u);
  EXPECT_GE(result.array_bytes, std::min<std::uint64_t>(kMinBandwidthArrayBytes, 4 * result.last_level_cache_bytes));
  EXPECT_EQ(result.array_bytes % (2 * 4096), 0u);
  EXPECT_EQ(result.read_bytes_per_repetition, 3 * result.array_bytes);
  expect_sane(result.read);
  expect_sane(result.triad);
  EXPECT_EQ(result.read.samples_gb_per_s.size(), result.triad.samples_gb_per_s.size());
  EXPECT_GT(result.read.best_gb_per_s, 0.5);
  EXPECT_GT(result.setup_seconds, 0);
  EXPECT_GT(result.timed_seconds, 0);
}

// An odd thread count over small arrays, and a zero budget: the minimum rounds still run.
TEST(BandwidthProbe, OddThreadCountAndZeroBudget) {
  const BandwidthResult result = measure_memory_bandwidth({.budget_seconds = 0, .threads = 3, .array_bytes = 3 * kMiB});
  EXPECT_EQ(result.threads, 3u);
  EXPECT_EQ(result.array_bytes, 3 * kMiB);
  EXPECT_EQ(result.read.samples_gb_per_s.size(), kMinBandwidthRounds);
  expect_sane(result.read);
  expect_sane(result.triad);
}

TEST(BandwidthProbe, DefaultsToEveryLogicalCore) {
  const BandwidthResult result = measure_memory_bandwidth({.budget_seconds = 0, .array_bytes = 4 * kMiB});
  EXPECT_GE(result.threads, 1u);
  EXPECT_EQ(result.threads, std::max(std::thread::hardware_concurrency(), 1u));
}

}  // namespace
}  // namespace winml::perf
