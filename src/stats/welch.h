#pragma once
/// \file
/// Welch's two-sample t-test (unequal variances, Welch–Satterthwaite degrees of freedom) and
/// Fieller's interval for the ratio of the two means: what `winml perf compare` decides a change
/// with. Pure functions; the formulas are in docs/metrics.md, "Comparing runs".

#include <cstddef>
#include <optional>
#include <vector>

namespace winml::perf {

/// Mean, sample variance (n - 1) and count of one side's samples.
struct SampleMoments {
  std::size_t count = 0;     ///< number of samples
  double mean = 0;           ///< arithmetic mean; 0 without samples
  double variance = 0;       ///< sample variance (n - 1); 0 when count < 2
  bool non_negative = true;  ///< no sample is negative (a duration, a rate, a size: every metric winml compares)
};

/// The moments of `samples`.
SampleMoments moments(const std::vector<double>& samples);

/// Welch's t-test of new − base, and Fieller's interval of new / base at the same degrees of freedom.
struct WelchComparison {
  double t =
      0;  ///< (mean_new − mean_base) / √(s²_base/n_base + s²_new/n_new); ±infinity when that is 0 and the means differ
  double df = 0;  ///< Welch–Satterthwaite degrees of freedom; n_base + n_new − 2 when both variances are 0
  double p = 1;   ///< two-sided p-value of t under Student's t with df degrees of freedom
  bool significant = false;  ///< p < 1 − kConfidenceLevel (perf/confidence_interval.h)
  double ratio = 1;          ///< mean_new / mean_base
  /// Fieller's interval of mean_new / mean_base at kConfidenceLevel; nullopt when it is unbounded
  /// (the base mean is not itself distinguishable from 0 at that level). Its low end is cut at 0
  /// when neither side has a negative sample: a ratio of two such means cannot be negative, so
  /// the change it gives, 100 · (ratio − 1) %, never goes below −100 %.
  std::optional<double> ratio_low, ratio_high;
};

/// Compares two sides of at least 2 samples each, whose base mean is not 0. Throws
/// std::invalid_argument otherwise: callers say "n/a" rather than compute from too little.
WelchComparison welch_compare(const SampleMoments& base, const SampleMoments& next);

}  // namespace winml::perf
