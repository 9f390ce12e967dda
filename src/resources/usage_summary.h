#pragma once
/// \file
/// One result's ResourceUsage from what the sampler gathered (SamplerRecord) and the spans the
/// benchmark marked for it. Cumulative counters (CPU seconds, joules) are read at a span's edges by
/// linear interpolation between the readings around them, so a phase shorter than the interval
/// still gets its share; levels (RSS, device memory and utilisation) count the readings inside
/// the spans. Definitions: docs/metrics.md, "Resources".

#include <cstddef>

#include "resources/resource_usage.h"
#include "resources/sampler.h"

namespace winml::resources {

/// Tokens the timed generations handled, for energy per token (zero for a single model).
struct UsageTokens {
  double prompt_tokens = 0;  ///< prompt tokens of the timed generations, summed
  double decode_tokens = 0;  ///< decode steps (tokens after the first), summed
};

/// Other processes above this many busy cores, or this share of the cores when that is more, make
/// a result noisy.
inline constexpr double kOtherLoadThresholdCores = 0.25;
inline constexpr double kOtherLoadThresholdShare = 0.05;

/// The usage of result `owner`; `logical_cores` 0 when unknown.
ResourceUsage summarize_usage(const SamplerRecord& record, std::size_t owner, const UsageTokens& tokens,
                              unsigned logical_cores);

}  // namespace winml::resources
