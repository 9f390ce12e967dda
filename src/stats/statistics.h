#pragma once
/// \file
/// Summary statistics as pure functions over samples. Every edge case is decided here, once, so
/// reports and docs can state exactly what a number means (docs/metrics.md).

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "stats/confidence_interval.h"
#include "stats/percentile_list.h"

namespace winml::perf {

/// How percentiles are computed; echoed into every report.
inline constexpr std::string_view kPercentileMethod =
    "nearest-rank: the value at 1-based rank ceil(p/100 * n) of the ascending samples";
/// How the standard deviation is computed; echoed into every report.
inline constexpr std::string_view kStddevMethod = "sample standard deviation (divides by n-1; 0 when n < 2)";

/// How the intervals are computed; echoed into every report.
inline constexpr std::string_view kConfidenceIntervalMethod =
    "95 %: mean -+ t(0.975, n-1) * stddev / sqrt(n) (Student t), low end cut at 0 when no sample is negative; "
    "median: order statistics [x(l), x(n+1-l)] "
    "with the binomial(n, 1/2) rank l that covers it with probability >= 95 % (distribution-free)";
/// How outliers are flagged; echoed into every report.
inline constexpr std::string_view kOutlierMethod =
    "modified z-score 0.6745 * |x - median| / MAD > 3.5 (Iglewicz and Hoaglin); flagged, never dropped";

/// One requested percentile and its value.
struct PercentileValue {
  double p = 0;      ///< the percentile, in (0, 100]
  double value = 0;  ///< nearest-rank value; 0 when there are no samples
};

/// Statistics of one metric over the timed iterations. All values are 0 when count is 0.
struct Summary {
  std::size_t count = 0;                     ///< number of samples
  double mean = 0;                           ///< arithmetic mean
  double min = 0;                            ///< smallest sample
  double max = 0;                            ///< largest sample
  double median = 0;                         ///< nearest-rank 50th percentile: the lower median for even counts
  std::vector<PercentileValue> percentiles;  ///< the requested percentiles, ascending
  double stddev = 0;                         ///< sample standard deviation (n-1); 0 when count < 2
  std::optional<Interval> mean_ci;           ///< 95 % Student t interval of the mean; empty when count < 2
  std::optional<Interval> median_ci;         ///< 95 % order-statistic interval of the median; empty when count < 6
  double cv = 0;                             ///< coefficient of variation, stddev / mean (a fraction)
  std::vector<std::size_t> outliers;  ///< 0-based sample indices flagged by mad_outliers (kept in every statistic)
  /// The value of percentile p, which must be one of `percentiles` (else std::out_of_range).
  double at(double p) const;
};

/// Arithmetic mean; 0 for no samples.
double mean(const std::vector<double>& samples);

/// Sum of the samples; 0 for no samples.
double sum(const std::vector<double>& samples);

/// Sample standard deviation (Bessel's n-1); 0 for fewer than two samples.
double sample_stddev(const std::vector<double>& samples);

/// 1-based nearest rank of percentile p (0..100) among n samples: ceil(p/100 * n) clamped to
/// [1, n]. p = 0 gives rank 1 (the minimum). Returns 0 when n is 0. Throws std::invalid_argument
/// when p is outside [0, 100].
std::size_t nearest_rank(double p, std::size_t n);

/// Nearest-rank percentile p (0..100) of samples already sorted ascending; 0 for no samples.
double percentile_sorted(const std::vector<double>& sorted, double p);

/// Nearest-rank percentile p (0..100) of samples in any order; 0 for no samples.
double percentile(std::vector<double> samples, double p);

/// All statistics of the samples (in run order: outlier indices refer to it), with the given percentiles (each in [0,
/// 100], ascending). Throws winml::Error when a sample is NaN or infinite: that can only come from a broken clock, and
/// sorting it would be undefined.
Summary summarize(std::vector<double> samples, const std::vector<double>& percentiles = default_percentiles());

}  // namespace winml::perf
