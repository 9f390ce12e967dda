#pragma once
/// \file
/// How many tokens one generation may add: what was asked for (-n), bounded by the room the
/// bundle's context leaves after the prompt. Shared by GenaiSession (which sets GenAI's max_length
/// from it) and the CLI (which says when -n was capped, and by how much).

#include <cstddef>
#include <optional>
#include <string>

namespace winml::session {

/// The new-token budget of one generation.
struct TokenBudget {
  int requested = 0;       ///< max_new_tokens asked for
  int effective = 0;       ///< min(requested, context_length - prompt_tokens): what fits
  int prompt_tokens = 0;   ///< prompt length
  int context_length = 0;  ///< the bundle's model.context_length
  /// True when the context cut the request short.
  bool capped() const { return effective < requested; }
};

/// The budget of a prompt of `prompt_tokens` tokens asking for `requested` new ones in a context of
/// `context_length`. Throws UsageError when requested < 1, the prompt is empty, or the prompt
/// leaves no room (prompt_tokens >= context_length); messages name the numbers and the fix.
TokenBudget new_token_budget(std::size_t prompt_tokens, int requested, int context_length);

/// The KV cache of one generation: `depth` tokens already in the cache, the prompt, the new tokens,
/// and max_length, the capacity GenAI allocates (its search option max_length).
struct KvBudget {
  TokenBudget tokens;  ///< the new-token budget (prompt_tokens counts the prompt alone)
  int depth = 0;       ///< tokens filled into the cache before the prompt
  int max_length = 0;  ///< capacity GenAI allocates: the given one, else depth + prompt + effective
  /// depth + prompt + effective new tokens: the length the generation reaches.
  int used() const { return depth + tokens.prompt_tokens + tokens.effective; }
};

/// The budget of a generation at `depth` with an optional explicit `max_length`. Without either
/// (depth 0, no max_length) it is new_token_budget's, -n capped to the context. With a depth or a
/// max_length the user has chosen the cache, so nothing is capped: throws UsageError, naming the
/// numbers and the fix, when depth + prompt + requested exceeds context_length or max_length, or
/// max_length exceeds context_length.
KvBudget kv_budget(int depth, std::size_t prompt_tokens, int requested, std::optional<int> max_length,
                   int context_length);

/// Throws UsageError when an explicit max_length exceeds context_length (the most GenAI allocates).
void check_max_length(int max_length, int context_length);

/// One generation's sizes as a run asks for them: what decides whether it fits the context.
struct GenerationRequest {
  std::optional<int> prompt_tokens;  ///< --prompt-tokens: a seeded prompt of this length; nullopt = a text prompt
  int max_new_tokens = 128;          ///< -n
  int depth = 0;                     ///< --depth: tokens in the KV cache before the prompt
  std::optional<int> max_length;     ///< --max-length; nullopt = depth + prompt + new tokens
};

/// Checks that `request` fits a context of `context_length`, before anything is measured.
/// `text_prompt_tokens` is the text prompt's length once a load has tokenized it, nullopt before:
/// a request with neither it nor prompt_tokens is checked only for what holds for any prompt
/// (max_length within the context; depth + -n leaving room for one token of prompt). A known
/// prompt is checked as kv_budget does, a --prompt-tokens one first for leaving room at all.
/// Throws UsageError naming the flags, the numbers and the fix.
void check_generation_fits(const GenerationRequest& request, std::optional<std::size_t> text_prompt_tokens,
                           int context_length);

/// One sentence for a capped budget, e.g. "-n 500 does not fit: the prompt has 20 tokens and the
/// bundle's context_length is 128, so at most 108 new tokens are generated (392 fewer than asked)".
std::string describe_cap(const TokenBudget& budget);

}  // namespace winml::session
