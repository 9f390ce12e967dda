#pragma once
/// \file
/// What the console says about the checks of one run, every combination of a sweep together: at
/// most one line per kind of warning (high variation, a warmup too short, a missed --target-ci),
/// naming the worst case and how many more there are. The report keeps every warning
/// (RunQuality::warnings of each result), so a 4-combination sweep whose 4 metrics all vary says
/// so in one line, not 16.

#include <string>
#include <vector>

#include "perf/run_quality.h"

namespace winml::perf {

/// One combination's checks, with the label the console names it by: "threads=2" in a sweep of
/// several combinations, empty for a plain run.
struct LabelledQuality {
  std::string label;          ///< "" for a plain run
  const RunQuality* quality;  ///< its checks
};

/// The lines, in the order high variation, warmup, --target-ci; none when every check passed.
/// A kind found once is its warning as is ("threads=2: " first in a sweep); found more often, the
/// worst one (highest cv, largest suggested warmup, widest interval) with the count of the others.
std::vector<std::string> quality_summary(const std::vector<LabelledQuality>& runs);

}  // namespace winml::perf
