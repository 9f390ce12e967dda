#pragma once
/// \file
/// The per-token timeline of a GenAI result: each decode step's latency summarised by its position
/// in the generation, across the timed iterations. A pure function of the samples, so any result
/// row (one configuration) can carry its own timeline. Definition: docs/metrics.md, "Timeline".

#include <cstddef>
#include <span>
#include <vector>

#include "stats/statistics.h"

namespace winml::perf {

/// One decode position: the step's latency over the iterations that reached it.
struct DecodePosition {
  std::size_t step = 0;          ///< 1-based decode step: decode_s[step - 1] of an iteration
  long long context_tokens = 0;  ///< tokens the step attends over: depth + prompt tokens + step
  Summary latency_s;             ///< the step's latency over the iterations that reached it
};

/// Summaries by decode position, step 1 first; one entry per step that at least one iteration
/// reached. `decode_s_by_iteration[i]` is iteration i's decode steps in order; an iteration that
/// stopped early (EOS) simply contributes to fewer positions, and each entry's count says how many
/// iterations it covers. Empty when no iteration had a decode step. `prompt_tokens` places the
/// steps in the context: the tokens before the first step, --depth included (every iteration of
/// one result runs the same depth and prompt); `percentiles` are
/// those each entry reports.
std::vector<DecodePosition> decode_timeline(std::span<const std::span<const double>> decode_s_by_iteration,
                                            int prompt_tokens,
                                            const std::vector<double>& percentiles = default_percentiles());

}  // namespace winml::perf
