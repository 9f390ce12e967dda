#pragma once
/// \file
/// Confidence intervals of a mean (Student t) and of a median (distribution-free, from order
/// statistics), and the coefficient of variation. Definitions: docs/metrics.md, "Uncertainty".

#include <cstddef>
#include <optional>
#include <vector>

namespace winml::perf {

/// The confidence level of every interval winml reports.
inline constexpr double kConfidenceLevel = 0.95;

/// A closed interval [low, high] and the probability it covers the true value.
struct Interval {
  double low = 0;       ///< lower bound
  double high = 0;      ///< upper bound
  double coverage = 0;  ///< nominal level for a t interval; the exact binomial coverage for a median interval
  /// The low end was cut at 0: the t interval reached below it, so `low` is no bound the data gave
  /// (too few or too spread samples); reports print it apart ("[≥0, 3.01]", JSON `clipped`).
  bool clipped = false;
};

/// Quantile q (0 < q < 1) of Student's t distribution with `degrees_of_freedom` (> 0, may be
/// fractional, as Welch's test needs).
double student_t_quantile(double q, double degrees_of_freedom);

/// mean ± t(1 - (1 - level)/2, n-1) · s/√n, its low end cut at 0 when no sample is negative.
/// Empty for fewer than two samples (no spread to estimate). A normal-theory interval: it assumes
/// the mean is roughly normally distributed, which holds for timing means of 10 or more
/// iterations unless outliers dominate. Every winml metric is a duration or a rate, which cannot
/// be negative, so the part of the interval below 0 holds no possible mean: cutting it off keeps
/// the coverage and keeps "mean - 180 %" out of the reports (a skewed sample of few iterations).
std::optional<Interval> mean_confidence_interval(const std::vector<double>& samples, double level = kConfidenceLevel);

/// The distribution-free interval [x(l), x(n+1-l)] of the median, for samples sorted ascending:
/// l is the largest rank with P(B <= l - 1) <= (1 - level)/2 for B ~ Binomial(n, 1/2), so the
/// interval covers the true median with probability 1 - 2·P(B <= l - 1) >= level whatever the
/// distribution. Empty when even [min, max] covers less than `level` (n < 6 at 95 %).
std::optional<Interval> median_confidence_interval(const std::vector<double>& sorted, double level = kConfidenceLevel);

/// stddev / mean, a fraction (0.05 = 5 %); 0 when the mean is 0 or there are fewer than two samples.
double coefficient_of_variation(double mean, double stddev);

/// The half-width of the t interval around `estimate` as a fraction of it, high - estimate (the
/// high end is never cut, so this is t · s/√n even for an interval cut at 0); empty when there is
/// no interval or the estimate is 0. The precision --target-ci aims at.
std::optional<double> relative_half_width(const std::optional<Interval>& interval, double estimate);

/// How far an interval reaches below and above its estimate, as fractions of the estimate.
struct RelativeReach {
  double below = 0;      ///< (estimate - low) / estimate; at most 1 (-100 %) for an interval cut at 0
  double above = 0;      ///< (high - estimate) / estimate
  bool clipped = false;  ///< the interval's low end was cut at 0 (Interval::clipped)
  /// Whether both sides are the same to within a rounding: a t interval that was not cut.
  bool symmetric() const;
};

/// The reach of `interval` around a positive `estimate`; empty when there is no interval or the
/// estimate is not positive.
std::optional<RelativeReach> relative_reach(const std::optional<Interval>& interval, double estimate);

}  // namespace winml::perf
