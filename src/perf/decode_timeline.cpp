#include "perf/decode_timeline.h"

#include <algorithm>
#include <utility>

namespace winml::perf {

std::vector<DecodePosition> decode_timeline(std::span<const std::span<const double>> decode_s_by_iteration,
                                            int prompt_tokens, const std::vector<double>& percentiles) {
  std::size_t longest = 0;
  for (std::span<const double> steps : decode_s_by_iteration) longest = std::max(longest, steps.size());
  // Transpose: by_step[j] holds step j+1 of every iteration that got that far, in iteration order.
  std::vector<std::vector<double>> by_step(longest);
  for (std::span<const double> steps : decode_s_by_iteration) {
    for (std::size_t j = 0; j < steps.size(); ++j) by_step[j].push_back(steps[j]);
  }
  std::vector<DecodePosition> timeline;
  timeline.reserve(longest);
  for (std::size_t j = 0; j < longest; ++j) {
    const std::size_t step = j + 1;
    timeline.push_back(
        {step, prompt_tokens + static_cast<long long>(step), summarize(std::move(by_step[j]), percentiles)});
  }
  return timeline;
}

}  // namespace winml::perf
