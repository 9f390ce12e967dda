#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "winml/errors.h"

namespace winml::perf {
namespace {

std::vector<double> one_to(int n) {
  std::vector<double> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 1.0);
  return v;
}

TEST(Statistics, EmptyInputGivesZerosWithCountZero) {
  const Summary s = summarize({});
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.min, 0);
  EXPECT_EQ(s.max, 0);
  EXPECT_EQ(s.at(50), 0);
  EXPECT_EQ(s.at(99), 0);
  EXPECT_EQ(s.stddev, 0);
  EXPECT_EQ(mean({}), 0);
  EXPECT_EQ(sum({}), 0);
  EXPECT_EQ(sample_stddev({}), 0);
  EXPECT_EQ(percentile({}, 50), 0);
  EXPECT_EQ(nearest_rank(50, 0), 0u);
}

TEST(Statistics, OneSampleIsEveryStatisticAndHasNoSpread) {
  const Summary s = summarize({0.25});
  EXPECT_EQ(s.count, 1u);
  for (double v : {s.mean, s.min, s.max, s.at(50), s.at(90), s.at(95), s.at(99)}) EXPECT_EQ(v, 0.25);
  EXPECT_EQ(s.stddev, 0);
}

TEST(Statistics, TwoSamples) {
  const Summary s = summarize({3, 1});
  EXPECT_EQ(s.count, 2u);
  EXPECT_EQ(s.mean, 2);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.max, 3);
  EXPECT_EQ(s.at(50), 1);                      // rank ceil(0.5 * 2) = 1: the lower value, never an interpolated 2
  EXPECT_EQ(s.at(90), 3);                      // rank ceil(1.8) = 2
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(2.0));  // ((1-2)^2 + (3-2)^2) / (2-1) = 2
}

TEST(Statistics, ChosenPercentilesInTheirOrderAndAlwaysAMedian) {
  std::vector<double> thousand(1000);
  for (std::size_t i = 0; i < thousand.size(); ++i) thousand[i] = static_cast<double>(i + 1);
  const Summary s = summarize(thousand, {90, 99.9});
  ASSERT_EQ(s.percentiles.size(), 2u);
  EXPECT_EQ(s.percentiles[0].p, 90);
  EXPECT_EQ(s.at(90), 900);
  EXPECT_EQ(s.at(99.9), 999);  // rank ceil(99.9 * 1000 / 100) = 999: still below the max
  EXPECT_EQ(s.median, 500);    // reported whatever the list
  EXPECT_THROW(static_cast<void>(s.at(50)), std::out_of_range);
  const Summary none = summarize({}, {99.9});
  ASSERT_EQ(none.percentiles.size(), 1u);  // present with no samples, as 0
  EXPECT_EQ(none.at(99.9), 0);
}

TEST(Statistics, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(summarize({5, 1, 4, 2, 3}).at(50), 3);  // rank ceil(2.5) = 3
  EXPECT_EQ(summarize({4, 1, 3, 2}).at(50), 2);     // rank 2: the lower median
}

TEST(Statistics, NearestRankDefinition) {
  EXPECT_EQ(nearest_rank(0, 10), 1u);  // p = 0 is the minimum
  EXPECT_EQ(nearest_rank(50, 10), 5u);
  EXPECT_EQ(nearest_rank(90, 10), 9u);
  EXPECT_EQ(nearest_rank(95, 10), 10u);  // ceil(9.5)
  EXPECT_EQ(nearest_rank(99, 10), 10u);
  EXPECT_EQ(nearest_rank(100, 10), 10u);
  EXPECT_EQ(nearest_rank(95, 20), 19u);  // exactly 19: must not round up to 20
  EXPECT_EQ(nearest_rank(7, 100), 7u);   // 0.07 * 100 is 7.000000000000001 in doubles
  EXPECT_EQ(nearest_rank(14, 50), 7u);
  EXPECT_EQ(nearest_rank(99, 1000), 990u);
  EXPECT_EQ(nearest_rank(1, 3), 1u);
  EXPECT_THROW(nearest_rank(-1, 10), std::invalid_argument);
  EXPECT_THROW(nearest_rank(100.5, 10), std::invalid_argument);
  EXPECT_THROW(nearest_rank(std::nan(""), 10), std::invalid_argument);
}

TEST(Statistics, PercentileBoundaries) {
  const Summary ten = summarize(one_to(10));
  EXPECT_EQ(ten.at(50), 5);
  EXPECT_EQ(ten.at(90), 9);
  EXPECT_EQ(ten.at(95), 10);
  EXPECT_EQ(ten.at(99), 10);
  const Summary hundred = summarize(one_to(100));
  EXPECT_EQ(hundred.at(50), 50);
  EXPECT_EQ(hundred.at(90), 90);
  EXPECT_EQ(hundred.at(95), 95);
  EXPECT_EQ(hundred.at(99), 99);  // nearest rank keeps p99 below the max at n = 100
  EXPECT_EQ(hundred.max, 100);
  const Summary twenty = summarize(one_to(20));
  EXPECT_EQ(twenty.at(95), 19);
  EXPECT_EQ(twenty.at(99), 20);
  EXPECT_EQ(percentile(one_to(101), 99), 100);  // ceil(99.99) = 100
}

TEST(Statistics, PercentileIgnoresInputOrder) {
  EXPECT_EQ(percentile({9, 3, 7, 1, 5}, 90), 9);
  EXPECT_EQ(percentile({9, 3, 7, 1, 5}, 0), 1);
}

TEST(Statistics, SampleStandardDeviationDividesByNMinusOne) {
  // Population sd of this classic set is exactly 2; the sample sd is sqrt(32 / 7).
  EXPECT_DOUBLE_EQ(sample_stddev({2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7.0));
  EXPECT_EQ(sample_stddev({7}), 0);
}

TEST(Statistics, IdenticalLargeValuesHaveExactlyZeroDeviation) {
  // The one-pass formula loses everything to cancellation here; two passes give exactly 0.
  EXPECT_EQ(sample_stddev({1e9 + 0.1, 1e9 + 0.1, 1e9 + 0.1}), 0);
}

TEST(Statistics, MeanAndSum) {
  EXPECT_EQ(sum({0.5, 0.25, 0.25}), 1);
  EXPECT_EQ(mean({0.5, 0.25, 0.25, 1}), 0.5);
}

TEST(Statistics, NonFiniteSampleIsRejected) {
  EXPECT_THROW(summarize({1, std::numeric_limits<double>::quiet_NaN()}), Error);
  EXPECT_THROW(summarize({std::numeric_limits<double>::infinity()}), Error);
}

TEST(Statistics, MethodsAreStated) {
  EXPECT_NE(kPercentileMethod.find("ceil(p/100 * n)"), std::string_view::npos);
  EXPECT_NE(kStddevMethod.find("n-1"), std::string_view::npos);
}

}  // namespace
}  // namespace winml::perf
