#pragma once
/// \file
/// Outliers by the modified z-score (Iglewicz and Hoaglin): robust to the outliers themselves,
/// unlike a rule based on the mean and standard deviation. Outliers are flagged, never dropped.
/// Definition: docs/metrics.md, "Outliers".

#include <cstddef>
#include <vector>

namespace winml::perf {

/// A sample is an outlier when |x - median| > kOutlierZ · kMadToSigma · MAD, i.e. its modified
/// z-score 0.6745 · (x - median) / MAD exceeds 3.5 in magnitude (Iglewicz and Hoaglin's cut-off).
inline constexpr double kOutlierZ = 3.5;
/// MAD times this estimates the standard deviation of normally distributed data (1 / Φ⁻¹(3/4)).
inline constexpr double kMadToSigma = 1.4826;

/// Median of the samples (any order), the mean of the two middle values for an even count; 0 for
/// no samples. This is the textbook median the MAD rule is defined with, not the nearest-rank p50.
double midpoint_median(std::vector<double> samples);

/// Median absolute deviation from the median; 0 for no samples.
double median_absolute_deviation(const std::vector<double>& samples);

/// 0-based indices (ascending) of the samples that are outliers by the rule above. When MAD is 0
/// (more than half the samples are equal), the scale is 1.2533 · the mean absolute deviation
/// instead (Iglewicz and Hoaglin's fallback), and when that is 0 too, nothing is an outlier.
std::vector<std::size_t> mad_outliers(const std::vector<double>& samples);

}  // namespace winml::perf
