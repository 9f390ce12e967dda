#include "stats/confidence_interval.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <stdexcept>

#include "stats/statistics.h"

namespace winml::perf {
namespace {

void check_level(double level) {
  if (!(level > 0 && level < 1)) throw std::invalid_argument("confidence level must be within (0, 1)");
}

}  // namespace

double student_t_quantile(double q, double degrees_of_freedom) {
  return boost::math::quantile(boost::math::students_t(degrees_of_freedom), q);
}

std::optional<Interval> mean_confidence_interval(const std::vector<double>& samples, double level) {
  check_level(level);
  if (samples.size() < 2) return std::nullopt;
  const double n = static_cast<double>(samples.size());
  const double m = mean(samples);
  const double half = student_t_quantile(1 - (1 - level) / 2, n - 1) * sample_stddev(samples) / std::sqrt(n);
  const bool non_negative = std::all_of(samples.begin(), samples.end(), [](double x) { return x >= 0; });
  const bool clipped = non_negative && m - half < 0;
  return Interval{clipped ? 0.0 : m - half, m + half, level, clipped};
}

std::optional<Interval> median_confidence_interval(const std::vector<double>& sorted, double level) {
  check_level(level);
  const std::size_t n = sorted.size();
  if (n == 0) return std::nullopt;
  const boost::math::binomial_distribution<double> b(static_cast<double>(n), 0.5);
  const double tail = (1 - level) / 2;
  // The coverage of [x(l), x(n+1-l)] is 1 - 2·P(B <= l-1); it falls as l grows. Binary search for
  // the largest l in [1, ceil(n/2)] whose tail P(B <= l-1) is still within the allowed tail:
  // O(log n) CDF evaluations, so a million samples cost nothing.
  auto tail_below = [&](std::size_t l) { return boost::math::cdf(b, static_cast<double>(l - 1)); };
  if (tail_below(1) > tail) return std::nullopt;
  std::size_t good = 1, bad = (n + 1) / 2 + 1;
  while (bad - good > 1) {
    const std::size_t mid = good + (bad - good) / 2;
    (tail_below(mid) <= tail ? good : bad) = mid;
  }
  return Interval{sorted[good - 1], sorted[n - good], 1 - 2 * tail_below(good)};
}

double coefficient_of_variation(double mean, double stddev) { return mean != 0 ? stddev / std::fabs(mean) : 0; }

std::optional<double> relative_half_width(const std::optional<Interval>& interval, double estimate) {
  if (!interval || estimate == 0) return std::nullopt;
  return (interval->high - estimate) / std::fabs(estimate);
}

bool RelativeReach::symmetric() const { return std::fabs(below - above) <= 1e-9 * std::max(below, above); }

std::optional<RelativeReach> relative_reach(const std::optional<Interval>& interval, double estimate) {
  if (!interval || !(estimate > 0)) return std::nullopt;
  return RelativeReach{(estimate - interval->low) / estimate, (interval->high - estimate) / estimate,
                       interval->clipped};
}

}  // namespace winml::perf
