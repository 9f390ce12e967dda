#pragma once
/// \file
/// Was the warmup long enough? The first timed iterations of a run that is still warming up
/// (caches, allocator, frequency ramp, lazy initialisation) sit apart from the rest, all on the
/// same side. Rule: docs/metrics.md, "Warmup check".

#include <cstddef>
#include <string>
#include <vector>

namespace winml::perf {

/// Fewest timed iterations the check needs: the second half is the reference and must be at least
/// three iterations for its median and MAD to mean anything.
inline constexpr std::size_t kWarmupCheckMinSamples = 6;
/// A leading iteration must differ from the reference median by more than this fraction too, so a
/// perfectly steady second half (MAD near 0) does not turn microsecond jitter into a warning.
inline constexpr double kWarmupCheckMinRelativeGap = 0.02;

/// The verdict for one metric.
struct WarmupVerdict {
  std::string metric;             ///< the metric checked, as the report names it
  bool checked = false;           ///< false with fewer than kWarmupCheckMinSamples samples
  std::size_t leading_apart = 0;  ///< leading timed iterations apart from the rest (0 = warm enough)
};

/// Checks the timed samples of one metric, in run order. The reference is the later half
/// (samples[ceil(n/2)..n)): its median m and MAD. Iteration i counts as apart when
/// |x_i - m| > max(3.5 · 1.4826 · MAD, 2 % · |m|) (the outlier rule, docs/metrics.md "Outliers").
/// leading_apart is the length of the run of such iterations from the first one on, all on the
/// same side of m, and at most n/2: the first iterations trend apart, the rest is steady.
WarmupVerdict check_warmup(std::string metric, const std::vector<double>& samples);

/// The warning for the verdicts that found leading iterations apart (the largest count wins),
/// naming the warmup to use; empty when every verdict is warm enough.
std::string warmup_warning(const std::vector<WarmupVerdict>& verdicts, std::size_t warmup_used);

}  // namespace winml::perf
