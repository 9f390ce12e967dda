// Expected values: medians, MADs and modified z-scores computed with NumPy / SciPy 1.10
// (numpy.median, scipy.stats.median_abs_deviation(x, scale='normal'), (x - median) / that).
#include "stats/outliers.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

TEST(Outliers, MidpointMedianAveragesTheMiddlePair) {
  EXPECT_EQ(midpoint_median({}), 0);
  EXPECT_EQ(midpoint_median({3, 1, 2}), 2);
  EXPECT_EQ(midpoint_median({4, 1, 3, 2}), 2.5);
}

TEST(Outliers, MadMatchesScipy) {
  // numpy.median = 10.15; scipy.stats.median_abs_deviation = 0.25
  const std::vector<double> x = {10.2, 9.8, 10.5, 10.1, 9.9, 10.0, 12.7, 10.3, 9.7, 10.4};
  EXPECT_NEAR(midpoint_median(x), 10.15, 1e-12);
  EXPECT_NEAR(median_absolute_deviation(x), 0.25, 1e-12);
}

TEST(Outliers, FlagsOnlyTheSampleBeyondModifiedZ35) {
  // SciPy modified z-scores: 0.13 -0.94 0.94 -0.13 -0.67 -0.40 6.88 0.40 -1.21 0.67
  const std::vector<double> x = {10.2, 9.8, 10.5, 10.1, 9.9, 10.0, 12.7, 10.3, 9.7, 10.4};
  EXPECT_EQ(mad_outliers(x), std::vector<std::size_t>{6});
}

TEST(Outliers, BothSidesAreFlagged) {
  // median 10, MAD 0.1 -> threshold 0.519: 8.0 and 12.0 are out, 10.4 is in.
  const std::vector<double> x = {8.0, 10.0, 10.1, 9.9, 10.0, 10.1, 9.9, 10.4, 12.0};
  EXPECT_EQ(mad_outliers(x), (std::vector<std::size_t>{0, 8}));
}

TEST(Outliers, ZeroMadFallsBackToMeanAbsoluteDeviation) {
  // MAD = 0; mean absolute deviation 0.4 * 1.2533 * 3.5 = 1.75 < |5 - 1| = 4.
  EXPECT_EQ(mad_outliers({1, 1, 1, 1, 1, 1, 1, 1, 1, 5}), std::vector<std::size_t>{9});
  EXPECT_TRUE(mad_outliers({2, 2, 2, 2}).empty());
}

TEST(Outliers, TooFewSamplesFlagNothing) {
  EXPECT_TRUE(mad_outliers({}).empty());
  EXPECT_TRUE(mad_outliers({1, 100}).empty());
}

}  // namespace
}  // namespace winml::perf
