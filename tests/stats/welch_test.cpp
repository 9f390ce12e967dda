// Welch's t-test and Fieller's interval against values computed independently: SciPy 1.10.1
// (Debian python3-scipy), scipy.stats.ttest_ind(new, base, equal_var=False) for t and p,
// scipy.stats.t.ppf for the quantiles, the Welch–Satterthwaite df from its formula in NumPy, and
// Fieller's bounds from the quadratic of docs/metrics.md in NumPy.
#include "stats/welch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "stats/confidence_interval.h"

namespace winml::perf {
namespace {

const std::vector<double> kBase = {10.1, 10.4, 9.8, 10.0, 10.3, 9.9};
const std::vector<double> kShifted = {11.0, 11.6, 10.9, 12.1, 11.3};

TEST(Welch, MatchesScipyOnAClearShift) {
  const WelchComparison c = welch_compare(moments(kBase), moments(kShifted));
  EXPECT_NEAR(c.t, 5.462642711311225, 1e-9);
  EXPECT_NEAR(c.df, 5.495495901732187, 1e-9);
  EXPECT_NEAR(c.p, 0.0020797867348861126, 1e-9);
  EXPECT_TRUE(c.significant);
  EXPECT_NEAR(c.ratio, 11.38 / 10.083333333333334, 1e-12);
  ASSERT_TRUE(c.ratio_low && c.ratio_high);
  EXPECT_NEAR(*c.ratio_low, 1.0690222984672073, 1e-9);
  EXPECT_NEAR(*c.ratio_high, 1.1894119242380012, 1e-9);
}

// Fieller's bounds are where the pivot (m_new − ρ·m_base)² / (v_new + ρ²·v_base) equals q².
TEST(Welch, FiellerBoundsSolveThePivot) {
  const SampleMoments base = moments(kBase), next = moments(kShifted);
  const WelchComparison c = welch_compare(base, next);
  const double q = student_t_quantile(0.975, c.df);
  for (const double rho : {*c.ratio_low, *c.ratio_high}) {
    const double num = next.mean - rho * base.mean;
    const double den = next.variance / 5 + rho * rho * base.variance / 6;
    EXPECT_NEAR(num * num / den, q * q, 1e-9);
  }
}

TEST(Welch, NoiseLargerThanTheShiftIsNotSignificant) {
  const WelchComparison c =
      welch_compare(moments({100, 104, 97, 101, 99, 103, 98}), moments({101, 99, 105, 100, 98, 102, 104}));
  EXPECT_NEAR(c.t, 0.7298004491997617, 1e-9);
  EXPECT_NEAR(c.p, 0.47951671377262195, 1e-9);
  EXPECT_FALSE(c.significant);
  // The interval holds no change: its bounds straddle a ratio of 1.
  EXPECT_LT(*c.ratio_low, 1.0);
  EXPECT_GT(*c.ratio_high, 1.0);
}

// At the fractional degrees of freedom Welch's test gives.
TEST(Welch, StudentsTQuantilesMatchScipy) {
  EXPECT_NEAR(student_t_quantile(0.975, 3.0), 3.182446305284263, 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 12.5), 2.1691859427099556, 1e-9);
}

TEST(Welch, IdenticalSamplesAreNoChange) {
  const WelchComparison c = welch_compare(moments(kBase), moments(kBase));
  EXPECT_EQ(c.t, 0);
  EXPECT_NEAR(c.p, 1.0, 1e-12);
  EXPECT_FALSE(c.significant);
  EXPECT_DOUBLE_EQ(c.ratio, 1.0);
}

TEST(Welch, ConstantSidesThatDifferAreACertainChange) {
  const WelchComparison c = welch_compare(moments({5, 5, 5}), moments({6, 6}));
  EXPECT_TRUE(std::isinf(c.t) && c.t > 0);
  EXPECT_EQ(c.p, 0);
  EXPECT_TRUE(c.significant);
  EXPECT_DOUBLE_EQ(*c.ratio_low, 1.2);
  EXPECT_DOUBLE_EQ(*c.ratio_high, 1.2);
  const WelchComparison same = welch_compare(moments({5, 5}), moments({5, 5, 5}));
  EXPECT_FALSE(same.significant);
  EXPECT_EQ(same.p, 1);
}

// A base whose mean is within its own noise of 0 gives an unbounded ratio: no interval.
TEST(Welch, UnboundedFiellerIntervalIsNone) {
  const WelchComparison c = welch_compare(moments({-1, 1.2, -0.9, 1}), moments({3, 3.5, 2.8}));
  EXPECT_FALSE(c.ratio_low.has_value());
  EXPECT_FALSE(c.ratio_high.has_value());
}

// A new side whose mean is not distinguishable from 0 (one slow run among fast ones) puts Fieller's
// low root below 0, a change below -100 %, which no pair of durations can have: it is cut at 0.
TEST(Welch, RatioOfNonNegativeSidesNeverGoesBelowZero) {
  const SampleMoments base = moments({100, 102, 98, 101, 99}), next = moments({1, 1, 1, 60});
  const WelchComparison c = welch_compare(base, next);
  ASSERT_TRUE(c.ratio_low && c.ratio_high);
  EXPECT_EQ(*c.ratio_low, 0);
  const double q = student_t_quantile(0.975, c.df);
  const double num = next.mean - *c.ratio_high * base.mean;
  const double den = next.variance / 4 + *c.ratio_high * *c.ratio_high * base.variance / 5;
  EXPECT_NEAR(num * num / den, q * q, 1e-9);  // the high end is Fieller's, untouched
}

TEST(Welch, RatioOfSignedSidesKeepsFiellersLowRoot) {
  const WelchComparison c = welch_compare(moments({100, 102, 98, 101, 99}), moments({-1, 1, 1, 60}));
  ASSERT_TRUE(c.ratio_low.has_value());
  EXPECT_LT(*c.ratio_low, 0);
}

TEST(Welch, RefusesTooFewSamplesOrAZeroBase) {
  EXPECT_THROW(welch_compare(moments({1}), moments({1, 2})), std::invalid_argument);
  EXPECT_THROW(welch_compare(moments({1, 2}), moments({})), std::invalid_argument);
  EXPECT_THROW(welch_compare(moments({-1, 1}), moments({1, 2})), std::invalid_argument);
}

}  // namespace
}  // namespace winml::perf
