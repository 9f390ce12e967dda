#include "stats/welch.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "stats/confidence_interval.h"
#include "stats/statistics.h"

namespace winml::perf {

SampleMoments moments(const std::vector<double>& samples) {
  const double deviation = sample_stddev(samples);
  const bool non_negative = std::all_of(samples.begin(), samples.end(), [](double x) { return x >= 0; });
  return {samples.size(), mean(samples), deviation * deviation, non_negative};
}

namespace {

// Two-sided p-value of |t| under Student's t with df degrees of freedom.
double two_sided_p(double t, double df) {
  if (std::isinf(t)) return 0;
  return 2 * boost::math::cdf(boost::math::complement(boost::math::students_t_distribution<double>(df), std::fabs(t)));
}

// Fieller's interval for ρ = μ_new / μ_base: the ρ with (m_new − ρ·m_base)² ≤ q²·(v_new + ρ²·v_base),
// where v = s²/n and q the t quantile. That quadratic, a·ρ² − 2·m_base·m_new·ρ + c ≤ 0 with
// a = m_base² − q²·v_base and c = m_new² − q²·v_new, is a bounded interval only when a > 0.
void fieller_interval(const SampleMoments& base, const SampleMoments& next, double q, WelchComparison& out) {
  const double v_base = base.variance / static_cast<double>(base.count);
  const double v_new = next.variance / static_cast<double>(next.count);
  const double a = base.mean * base.mean - q * q * v_base;
  if (a <= 0) return;
  const double b = base.mean * next.mean;
  const double c = next.mean * next.mean - q * q * v_new;
  const double root = std::sqrt(std::max(0.0, b * b - a * c));
  // Cutting off ratios no pair of non-negative means can have keeps the coverage.
  const bool non_negative = base.non_negative && next.non_negative;
  out.ratio_low = non_negative ? std::max(0.0, (b - root) / a) : (b - root) / a;
  out.ratio_high = (b + root) / a;
}

}  // namespace

WelchComparison welch_compare(const SampleMoments& base, const SampleMoments& next) {
  if (base.count < 2 || next.count < 2) throw std::invalid_argument("Welch's t-test needs at least 2 samples a side");
  if (base.mean == 0) throw std::invalid_argument("a change relative to a base mean of 0 is undefined");
  const double n_base = static_cast<double>(base.count);
  const double n_new = static_cast<double>(next.count);
  const double v_base = base.variance / n_base;
  const double v_new = next.variance / n_new;
  const double se2 = v_base + v_new;
  const double difference = next.mean - base.mean;
  WelchComparison out;
  out.ratio = next.mean / base.mean;
  if (se2 == 0) {
    // Identical samples on each side: no noise to weigh the difference against. Equal means are no
    // change; different ones are a certain change, with an interval of the one ratio.
    out.df = n_base + n_new - 2;
    out.t = difference == 0 ? 0 : std::copysign(std::numeric_limits<double>::infinity(), difference);
    out.p = difference == 0 ? 1 : 0;
    out.significant = difference != 0;
    out.ratio_low = out.ratio_high = out.ratio;
    return out;
  }
  out.t = difference / std::sqrt(se2);
  out.df = se2 * se2 / (v_base * v_base / (n_base - 1) + v_new * v_new / (n_new - 1));
  out.p = two_sided_p(out.t, out.df);
  out.significant = out.p < 1 - kConfidenceLevel;
  fieller_interval(base, next, student_t_quantile(1 - (1 - kConfidenceLevel) / 2, out.df), out);
  return out;
}

}  // namespace winml::perf
