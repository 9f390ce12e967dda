#pragma once
/// \file
/// The measured token loop: clocks read only around GenAI calls that run the model or sample.

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/engine.h"
#include "winml/generation.h"

namespace winml::session {

/// Called with each generated token id right after it is produced (outside the timed region).
using TokenSink = std::function<void(std::int32_t)>;

/// The tokens one generation appends: an optional depth fill, then the prompt.
struct TimedInput {
  const std::vector<std::int32_t>& depth_ids;   ///< appended first, timed as depth_fill_s; may be empty
  const std::vector<std::int32_t>& prompt_ids;  ///< appended next, timed as prefill_s
  int top_logits = 0;  ///< keep this many of the prefill's highest logits (GenerationTiming::first_top_logits)
};

/// The `count` highest of `logits` as (index, logit), highest first, ties by lower index; fewer
/// when there are fewer logits.
std::vector<TokenLogit> top_logits(const std::vector<float>& logits, int count);

/// Runs the depth fill (when any) and the prefill (append_tokens each) and up to max_new_tokens
/// generate_next_token calls on a fresh generator, timing each call with clock. With
/// stop_at_eos=false the caller has set min_length so EOS cannot end the run early; the loop still
/// stops when GenAI says it is done (max_length reached). With input.top_logits > 0 the prefill's
/// logits are read after the prefill's clock stops and before the first token's starts. The
/// returned timing has no text.
GenerationTiming run_timed_generation(engine::Generator& generator, const TimedInput& input, int max_new_tokens,
                                      const std::function<double()>& clock, const TokenSink& on_token = {});

}  // namespace winml::session
