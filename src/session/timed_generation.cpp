#include "session/timed_generation.h"

#include <algorithm>

namespace winml::session {

std::vector<TokenLogit> top_logits(const std::vector<float>& logits, int count) {
  std::vector<TokenLogit> all;
  all.reserve(logits.size());
  for (std::size_t i = 0; i < logits.size(); ++i) all.push_back({static_cast<std::int32_t>(i), logits[i]});
  const auto keep = std::min(all.size(), static_cast<std::size_t>(std::max(count, 0)));
  // The order is total (logit, then id), so equal logits never make two runs disagree on their order.
  std::partial_sort(
      all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
      [](const TokenLogit& a, const TokenLogit& b) { return a.logit != b.logit ? a.logit > b.logit : a.id < b.id; });
  all.resize(keep);
  return all;
}

GenerationTiming run_timed_generation(engine::Generator& generator, const TimedInput& input, int max_new_tokens,
                                      const std::function<double()>& clock, const TokenSink& on_token) {
  const std::vector<std::int32_t>& prompt_ids = input.prompt_ids;
  GenerationTiming timing;
  timing.input_tokens = static_cast<int>(prompt_ids.size());
  timing.depth_tokens = static_cast<int>(input.depth_ids.size());
  timing.token_ids.reserve(static_cast<std::size_t>(max_new_tokens));
  timing.decode_s.reserve(static_cast<std::size_t>(max_new_tokens));
  if (max_new_tokens <= 0) return timing;

  if (!input.depth_ids.empty()) {
    const double fill_start = clock();
    generator.append_tokens(input.depth_ids.data(), input.depth_ids.size());
    timing.depth_fill_s = clock() - fill_start;
  }
  double start = clock();
  generator.append_tokens(prompt_ids.data(), prompt_ids.size());
  double prefilled = clock();
  timing.prefill_s = prefilled - start;
  if (input.top_logits > 0) {
    // GenAI holds the prefill's logits until the first GenerateNextToken: read them here, untimed.
    timing.first_top_logits = top_logits(generator.last_logits(), input.top_logits);
    prefilled = clock();
  }
  generator.generate_next_token();
  double first = clock();
  timing.first_token_s = first - prefilled;
  timing.token_ids.push_back(generator.last_token());
  if (on_token) on_token(timing.token_ids.back());

  while (static_cast<int>(timing.token_ids.size()) < max_new_tokens && !generator.is_done()) {
    double before = clock();
    generator.generate_next_token();
    double after = clock();
    timing.decode_s.push_back(after - before);
    timing.token_ids.push_back(generator.last_token());
    if (on_token) on_token(timing.token_ids.back());
  }
  timing.generated_tokens = static_cast<int>(timing.token_ids.size());
  return timing;
}

}  // namespace winml::session
