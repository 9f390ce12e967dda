#pragma once
/// \file
/// Cold starts (`winml perf --cold`): the model loaded again before each iteration and the first
/// generation after each load timed apart from the warm runs. Plain data and pure functions;
/// definitions in docs/metrics.md, "Cold and warm".

#include <cstddef>
#include <vector>

#include "stats/statistics.h"
#include "winml/genai_session.h"
#include "winml/generation.h"

namespace winml::perf {

/// One cold start: a fresh load and the first generation after it.
struct ColdStart {
  LoadBreakdown load;      ///< the reload (prepare and compile are 0: done once, before)
  GenerationTiming first;  ///< the first generation after the reload
};

/// Statistics over the cold starts, every summary across iterations.
struct ColdMetrics {
  std::size_t iterations = 0;     ///< cold starts measured
  Summary load_s;                 ///< whole reload (LoadBreakdown::total_s)
  Summary model_s;                ///< model creation
  Summary tokenizer_s;            ///< tokenizer creation
  Summary ttft_s;                 ///< TTFT of the first generation after the reload
  Summary total_s;                ///< the whole first generation after the reload
  Summary load_to_first_token_s;  ///< reload + TTFT: what a user waits for at an app's start
};

/// Statistics over cold starts, every summary with the given percentiles.
ColdMetrics compute_cold_metrics(const std::vector<ColdStart>& starts,
                                 const std::vector<double>& percentiles = default_percentiles());

}  // namespace winml::perf
