#include "session/timed_generation.h"

namespace winml::session {

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
  generator.generate_next_token();
  double first = clock();
  timing.prefill_s = prefilled - start;
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
