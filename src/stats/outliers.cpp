#include "stats/outliers.h"

#include <algorithm>
#include <cmath>

namespace winml::perf {

double midpoint_median(std::vector<double> samples) {
  const std::size_t n = samples.size();
  if (n == 0) return 0;
  const auto upper = samples.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(samples.begin(), upper, samples.end());
  if (n % 2 == 1) return *upper;
  // After nth_element everything before `upper` is <= it: the lower middle is their maximum.
  return (*std::max_element(samples.begin(), upper) + *upper) / 2;
}

double median_absolute_deviation(const std::vector<double>& samples) {
  const double m = midpoint_median(samples);
  std::vector<double> deviations;
  deviations.reserve(samples.size());
  for (double x : samples) deviations.push_back(std::fabs(x - m));
  return midpoint_median(std::move(deviations));
}

std::vector<std::size_t> mad_outliers(const std::vector<double>& samples) {
  std::vector<std::size_t> out;
  if (samples.size() < 3) return out;  // two samples are each other's only reference
  const double m = midpoint_median(samples);
  double scale = kMadToSigma * median_absolute_deviation(samples);
  if (scale == 0) {
    // A mostly constant metric (e.g. a clock with coarse ticks): MAD says nothing about spread.
    // Iglewicz and Hoaglin scale the mean absolute deviation by sqrt(pi/2) = 1.2533 instead.
    double total = 0;
    for (double x : samples) total += std::fabs(x - m);
    scale = 1.2533 * total / static_cast<double>(samples.size());
  }
  if (scale == 0) return out;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (std::fabs(samples[i] - m) > kOutlierZ * scale) out.push_back(i);
  }
  return out;
}

}  // namespace winml::perf
