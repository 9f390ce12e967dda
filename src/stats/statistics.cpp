#include "stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "stats/outliers.h"
#include "winml/errors.h"

namespace winml::perf {

double sum(const std::vector<double>& samples) { return std::accumulate(samples.begin(), samples.end(), 0.0); }

double mean(const std::vector<double>& samples) {
  // An empty metric (e.g. no decode steps) reports 0 with count 0 rather than NaN: JSON has no NaN
  // and the count already says there was nothing to average.
  if (samples.empty()) return 0;
  return sum(samples) / static_cast<double>(samples.size());
}

double sample_stddev(const std::vector<double>& samples) {
  // One sample has no spread to estimate; n-1 would divide by zero. Report 0, as google/benchmark
  // and llama-bench do.
  if (samples.size() < 2) return 0;
  // Two passes (mean first, then squared deviations) rather than sum-of-squares minus square-of-sum:
  // the variance cannot come out negative from cancellation, so no clamping is needed.
  const double m = mean(samples);
  double squares = 0;
  for (double x : samples) squares += (x - m) * (x - m);
  return std::sqrt(squares / static_cast<double>(samples.size() - 1));
}

std::size_t nearest_rank(double p, std::size_t n) {
  if (!(p >= 0 && p <= 100)) throw std::invalid_argument("percentile must be within [0, 100]");
  if (n == 0) return 0;
  // Multiply before dividing: p * n is exact for integer p and realistic n, so an exact multiple of
  // 100 stays an integer and ceil() does not round 9.000000000000002 up to 10.
  const double rank = std::ceil(p * static_cast<double>(n) / 100.0);
  return std::clamp<std::size_t>(static_cast<std::size_t>(rank), 1, n);
}

double percentile_sorted(const std::vector<double>& sorted, double p) {
  const std::size_t rank = nearest_rank(p, sorted.size());
  return rank == 0 ? 0 : sorted[rank - 1];
}

double percentile(std::vector<double> samples, double p) {
  std::sort(samples.begin(), samples.end());
  return percentile_sorted(samples, p);
}

double Summary::at(double p) const {
  for (const PercentileValue& v : percentiles) {
    if (v.p == p) return v.value;
  }
  throw std::out_of_range("percentile " + std::to_string(p) + " was not computed");
}

Summary summarize(std::vector<double> samples, const std::vector<double>& percentiles) {
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!std::isfinite(samples[i])) {
      throw Error(ErrorCategory::runtime, "statistics: sample " + std::to_string(i) +
                                              " is not a finite number; the clock or timing code is broken");
    }
  }
  Summary s;
  s.count = samples.size();
  // Every requested percentile is present even without samples (value 0), so a report's keys do
  // not depend on what was measured.
  for (double p : percentiles) s.percentiles.push_back({p, 0});
  if (samples.empty()) return s;
  s.mean = mean(samples);
  s.stddev = sample_stddev(samples);
  s.cv = coefficient_of_variation(s.mean, s.stddev);
  s.mean_ci = mean_confidence_interval(samples);
  s.outliers = mad_outliers(samples);  // before sorting: the indices name iterations
  std::sort(samples.begin(), samples.end());
  s.median_ci = median_confidence_interval(samples);
  s.min = samples.front();
  s.max = samples.back();
  s.median = percentile_sorted(samples, 50);
  for (PercentileValue& v : s.percentiles) v.value = percentile_sorted(samples, v.p);
  return s;
}

}  // namespace winml::perf
