#pragma once
/// \file
/// Generation settings and the timing record of one generation.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace winml {

/// One candidate for a generated token: its id and the logit the model gave it.
struct TokenLogit {
  std::int32_t id = 0;
  float logit = 0;
};

/// Settings for one generation. Defaults are greedy decoding of 128 tokens.
struct GenerationConfig {
  int max_new_tokens = 128;          ///< tokens to generate after the prompt
  bool do_sample = false;            ///< false = greedy
  double temperature = 1.0;          ///< sampling temperature (do_sample only)
  double top_p = 1.0;                ///< nucleus sampling threshold; 1.0 = off
  int top_k = 0;                     ///< top-k sampling; 0 = off
  double repetition_penalty = 1.0;   ///< 1.0 = off
  std::optional<std::int64_t> seed;  ///< sampling seed; unset = GenAI's default
  /// false: generate exactly max_new_tokens (EOS does not stop), so benchmark runs compare like
  /// with like. true: stop at the first EOS token.
  bool stop_at_eos = true;
  /// The KV capacity GenAI allocates (its search option max_length); unset = what the generation
  /// needs (depth + prompt + max_new_tokens, -n capped to the context). When set it must hold the
  /// whole generation and fit the context (else UsageError).
  std::optional<int> max_length;
  /// Keep this many of the highest logits the prefill gave the first generated token
  /// (GenerationTiming::first_top_logits); 0 = none. They are copied between the prefill and the
  /// first GenerateNextToken, outside both timings (docs/metrics.md, "Greedy output").
  int top_logits = 0;
};

/// Durations of one generation, measured at GenAI call boundaries only (never around
/// tokenisation or detokenisation). All values are seconds.
struct GenerationTiming {
  double depth_fill_s = 0;              ///< the AppendTokens call that filled the cache before the prompt (depth)
  int depth_tokens = 0;                 ///< tokens in the cache before the prompt (0 = none)
  int max_length = 0;                   ///< the KV capacity GenAI allocated (search option max_length)
  double prefill_s = 0;                 ///< the AppendTokens call: the prompt's forward pass
  double first_token_s = 0;             ///< the first GenerateNextToken (sampling from prefill logits)
  std::vector<double> decode_s;         ///< each later GenerateNextToken: one decode step each
  int input_tokens = 0;                 ///< prompt length in tokens
  int generated_tokens = 0;             ///< tokens produced, including the first
  std::vector<std::int32_t> token_ids;  ///< generated ids
  std::string text;                     ///< decoded generated text (decoded after timing)
  /// GenerationConfig::top_logits of the first generated token's candidates, highest logit first
  /// (ties: lower id first); empty unless asked for.
  std::vector<TokenLogit> first_top_logits;

  /// Time to first token: prefill + first_token.
  double ttft_s() const { return prefill_s + first_token_s; }
  /// Sum of decode steps.
  double decode_total_s() const;
  /// Mean decode step (time per output token, first token excluded); 0 when there were none.
  double tpot_s() const;
  /// Decode tokens per second: decode steps / their total time; 0 when there were none.
  double decode_tokens_per_s() const;
  /// Whole generation: prefill + first token + all decode steps.
  double total_s() const { return ttft_s() + decode_total_s(); }
};

}  // namespace winml
