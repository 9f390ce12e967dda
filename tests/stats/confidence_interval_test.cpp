// Expected values were computed independently with SciPy 1.10 (Debian python3-scipy), e.g.
//   scipy.stats.t.interval(0.95, 9, loc=x.mean(), scale=x.std(ddof=1)/sqrt(10))
//   scipy.stats.t.ppf(0.975, df)
//   1 - 2 * scipy.stats.binom.cdf(l - 1, n, 0.5)   (coverage of the median interval [x(l), x(n+1-l)])
// and the median ranks agree with the published tables of distribution-free median intervals
// (e.g. Conover, Practical Nonparametric Statistics, table A3: n = 10 -> ranks 2 and 9).
#include "stats/confidence_interval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "stats/statistics.h"

namespace winml::perf {
namespace {

const std::vector<double> kTen = {10.2, 9.8, 10.5, 10.1, 9.9, 10.0, 12.7, 10.3, 9.7, 10.4};

std::vector<double> one_to(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), 1.0);
  return v;
}

TEST(ConfidenceInterval, StudentTQuantilesMatchScipy) {
  // SciPy's own root-finding agrees to about 1e-11 relative; Boost is exact for df = 1.
  EXPECT_NEAR(student_t_quantile(0.975, 9), 2.2621571627409915, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.706204736432095, 1e-8);
  // df = 1 is the Cauchy distribution: the quantile is tan(pi * (q - 1/2)) in closed form.
  EXPECT_NEAR(student_t_quantile(0.975, 1), std::tan(3.14159265358979323846 * 0.475), 1e-12);
  // Welch's test uses fractional degrees of freedom.
  EXPECT_NEAR(student_t_quantile(0.975, 4.5), 2.6589123472044034, 1e-9);
}

TEST(ConfidenceInterval, MeanIntervalMatchesScipy) {
  const auto ci = mean_confidence_interval(kTen);
  ASSERT_TRUE(ci.has_value());
  EXPECT_NEAR(ci->low, 9.743518937720465, 1e-10);
  EXPECT_NEAR(ci->high, 10.976481062279538, 1e-10);
  EXPECT_DOUBLE_EQ(ci->coverage, 0.95);
}

TEST(ConfidenceInterval, MeanIntervalNeedsTwoSamples) {
  EXPECT_FALSE(mean_confidence_interval({}).has_value());
  EXPECT_FALSE(mean_confidence_interval({3.0}).has_value());
  const auto same = mean_confidence_interval({4.0, 4.0, 4.0});
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(same->low, 4.0);
  EXPECT_EQ(same->high, 4.0);
}

TEST(ConfidenceInterval, MedianIntervalUsesBinomialRanks) {
  std::vector<double> sorted = kTen;
  std::sort(sorted.begin(), sorted.end());
  const auto ci = median_confidence_interval(sorted);
  ASSERT_TRUE(ci.has_value());
  EXPECT_EQ(ci->low, 9.8);    // x(2)
  EXPECT_EQ(ci->high, 10.5);  // x(9)
  EXPECT_NEAR(ci->coverage, 0.978515625, 1e-12);
}

TEST(ConfidenceInterval, MedianRanksForOtherCountsMatchScipy) {
  // n -> (l, n + 1 - l, coverage), from the SciPy expression in the header comment.
  struct Case {
    std::size_t n, low_rank, high_rank;
    double coverage;
  };
  for (const Case& c :
       {Case{6, 1, 6, 0.96875}, Case{20, 6, 15, 0.9586105346679688}, Case{100, 40, 61, 0.9647997997822951}}) {
    const auto ci = median_confidence_interval(one_to(c.n));
    ASSERT_TRUE(ci.has_value()) << c.n;
    EXPECT_EQ(ci->low, static_cast<double>(c.low_rank)) << c.n;
    EXPECT_EQ(ci->high, static_cast<double>(c.high_rank)) << c.n;
    EXPECT_NEAR(ci->coverage, c.coverage, 1e-12) << c.n;
  }
}

TEST(ConfidenceInterval, MedianIntervalNeedsSixSamplesAt95Percent) {
  // Even [min, max] of 5 samples covers only 1 - 2 / 32 = 93.75 %.
  EXPECT_FALSE(median_confidence_interval(one_to(5)).has_value());
  EXPECT_FALSE(median_confidence_interval({}).has_value());
}

TEST(ConfidenceInterval, MedianIntervalOfAMillionSamplesIsQuick) {
  // A binary search over ranks; a linear scan of CDFs would take seconds here.
  const auto ci = median_confidence_interval(one_to(1'000'000));
  ASSERT_TRUE(ci.has_value());
  // SciPy: binom.cdf(499019, 1e6, 0.5) = 0.02494 <= 0.025 < binom.cdf(499020, ...) = 0.02506.
  EXPECT_EQ(ci->low, 499'020);
  EXPECT_EQ(ci->high, 500'981);
}

TEST(ConfidenceInterval, CoefficientOfVariationMatchesScipy) {
  // scipy.stats.variation(x, ddof=1) = 0.08318350399258106
  EXPECT_NEAR(coefficient_of_variation(mean(kTen), sample_stddev(kTen)), 0.08318350399258106, 1e-12);
  EXPECT_EQ(coefficient_of_variation(0, 1), 0);
}

TEST(ConfidenceInterval, RelativeHalfWidth) {
  EXPECT_DOUBLE_EQ(*relative_half_width(Interval{9, 11, 0.95}, 10), 0.1);
  EXPECT_FALSE(relative_half_width(std::nullopt, 10).has_value());
  EXPECT_FALSE(relative_half_width(Interval{0, 0, 0.95}, 0).has_value());
}

// Three fast iterations and one slow: mean 32.5, s = 45, t(0.975, 3) = 3.182446305284263, so the
// t interval is 32.5 ± 71.605, down to -39.1 ms. A duration has no negative mean: the interval
// is cut at 0, its high end kept.
TEST(ConfidenceInterval, MeanIntervalOfANonNegativeSampleStopsAtZero) {
  const auto ci = mean_confidence_interval({10, 10, 10, 100});
  ASSERT_TRUE(ci.has_value());
  EXPECT_EQ(ci->low, 0);
  EXPECT_TRUE(ci->clipped);  // 0 is no bound the samples gave: the reports mark it
  EXPECT_NEAR(ci->high, 32.5 + 3.182446305284263 * 45 / 2, 1e-9);
  const auto reach = relative_reach(ci, 32.5);
  ASSERT_TRUE(reach.has_value());
  EXPECT_TRUE(reach->clipped);
  EXPECT_DOUBLE_EQ(reach->below, 1);  // -100 %, never further
  EXPECT_NEAR(reach->above, 3.182446305284263 * 45 / 2 / 32.5, 1e-12);
  EXPECT_FALSE(reach->symmetric());
  // The half-width --target-ci aims at stays that of the t interval.
  EXPECT_NEAR(*relative_half_width(ci, 32.5), reach->above, 1e-12);
}

// A quantity that can be negative (a sample below 0) keeps the whole t interval.
TEST(ConfidenceInterval, MeanIntervalOfASignedSampleIsNotCut) {
  const auto ci = mean_confidence_interval({-10, 10, 10, 100});
  ASSERT_TRUE(ci.has_value());
  EXPECT_LT(ci->low, 0);
  EXPECT_FALSE(ci->clipped);
  EXPECT_NEAR(ci->high - 27.5, 27.5 - ci->low, 1e-9);
  EXPECT_FALSE(mean_confidence_interval({10, 11, 12})->clipped);
}

TEST(ConfidenceInterval, RelativeReachOfAnUncutInterval) {
  const auto reach = relative_reach(Interval{9, 11, 0.95}, 10);
  ASSERT_TRUE(reach.has_value());
  EXPECT_DOUBLE_EQ(reach->below, 0.1);
  EXPECT_DOUBLE_EQ(reach->above, 0.1);
  EXPECT_TRUE(reach->symmetric());
  EXPECT_FALSE(relative_reach(std::nullopt, 10).has_value());
  EXPECT_FALSE(relative_reach(Interval{-1, 1, 0.95}, 0).has_value());
}

TEST(ConfidenceInterval, SummaryCarriesTheIntervalsAndOutliers) {
  const Summary s = summarize(kTen);
  ASSERT_TRUE(s.mean_ci && s.median_ci);
  EXPECT_NEAR(s.mean_ci->low, 9.743518937720465, 1e-10);
  EXPECT_EQ(s.median_ci->low, 9.8);
  EXPECT_NEAR(s.cv, 0.08318350399258106, 1e-12);
  EXPECT_EQ(s.outliers, std::vector<std::size_t>{6});  // 12.7, in run order
}

}  // namespace
}  // namespace winml::perf
