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

/// How a run counts its warmup, for the advice. A generation loop runs one warmup iteration per
/// --warmup and excuses nothing. A serving run (--concurrency N) serves --warmup × slots warmup
/// conversations, and its first `slots` timed requests are admitted together after the warmup loop
/// drained: a ramp every closed loop has and no warmup removes. So a serving run counts leading
/// requests apart only past that first wave, and advises in --warmup's own unit.
struct WarmupScale {
  std::size_t flag = 0;                  ///< --warmup as given
  std::size_t per_flag = 1;              ///< samples one --warmup unit runs (a serving run: slots conversations)
  std::size_t first_wave = 0;            ///< leading samples excused (a closed loop's slots; else 0)
  const char* noun = "timed iteration";  ///< what a sample is, in the warning
};

/// The --warmup to suggest when `leading_apart` samples lead apart: the current one plus enough
/// units to run those past the first wave; 0 when the first wave covers them.
std::size_t suggested_warmup(std::size_t leading_apart, const WarmupScale& scale);

/// The warning for the verdicts that found leading samples apart past the first wave (the largest
/// count wins), naming the warmup to use; empty when every verdict is warm enough.
std::string warmup_warning(const std::vector<WarmupVerdict>& verdicts, const WarmupScale& scale);
/// The same for a generation loop's `warmup_used` iterations.
std::string warmup_warning(const std::vector<WarmupVerdict>& verdicts, std::size_t warmup_used);

}  // namespace winml::perf
