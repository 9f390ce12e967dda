#include "session/token_budget.h"

#include <fmt/format.h>

#include <algorithm>

#include "util/plural.h"
#include "winml/errors.h"

namespace winml::session {

TokenBudget new_token_budget(std::size_t prompt_tokens, int requested, int context_length) {
  if (requested <= 0) {
    throw UsageError(fmt::format("max_new_tokens must be at least 1, got {}.", requested));
  }
  if (prompt_tokens == 0) throw UsageError("the prompt is empty; give at least one token of text.");
  if (prompt_tokens >= static_cast<std::size_t>(std::max(context_length, 0))) {
    throw UsageError(
        fmt::format("the prompt has {} but the bundle's context_length is {}, which leaves no room "
                    "for new tokens. Use a shorter prompt.",
                    count_of(prompt_tokens, "token"), context_length));
  }
  TokenBudget budget;
  budget.requested = requested;
  budget.prompt_tokens = static_cast<int>(prompt_tokens);
  budget.context_length = context_length;
  budget.effective = std::min(requested, context_length - budget.prompt_tokens);
  return budget;
}

void check_max_length(int max_length, int context_length) {
  if (max_length <= context_length) return;
  throw UsageError(
      fmt::format("--max-length {} is larger than the bundle's context_length {}, the most GenAI can "
                  "allocate. Use --max-length {} or less.",
                  max_length, context_length, context_length));
}

KvBudget kv_budget(int depth, std::size_t prompt_tokens, int requested, std::optional<int> max_length,
                   int context_length) {
  KvBudget kv;
  kv.depth = depth;
  if (depth == 0 && !max_length) {
    kv.tokens = new_token_budget(prompt_tokens, requested, context_length);
    kv.max_length = kv.used();
    return kv;
  }
  const long long prompt = static_cast<long long>(prompt_tokens);
  const long long needed = depth + prompt + requested;
  if (needed > context_length) {
    const long long room = context_length - prompt - requested;
    throw UsageError(fmt::format(
        "--depth {} + a prompt of {} + -n {} need {} of KV cache, but the bundle's context_length is {}. {}", depth,
        count_of(static_cast<std::size_t>(prompt), "token"), requested,
        count_of(static_cast<std::size_t>(needed), "token"), context_length,
        room >= 0 ? fmt::format("Use --depth {} or less, or a shorter prompt or -n.", room)
                  : std::string("Use a shorter prompt or a smaller -n.")));
  }
  if (max_length) check_max_length(*max_length, context_length);
  if (max_length && *max_length < needed) {
    throw UsageError(
        fmt::format("--max-length {} is smaller than the {} this generation needs (--depth {} + a prompt of {} + "
                    "-n {}). Use --max-length {} or more, or fewer tokens.",
                    *max_length, count_of(static_cast<std::size_t>(needed), "token"), depth,
                    count_of(static_cast<std::size_t>(prompt), "token"), requested, needed));
  }
  kv.tokens = new_token_budget(prompt_tokens, requested, context_length);  // checks requested and the prompt
  kv.max_length = max_length.value_or(static_cast<int>(needed));
  return kv;
}

void check_generation_fits(const GenerationRequest& request, std::optional<std::size_t> text_prompt_tokens,
                           int context_length) {
  if (request.prompt_tokens) {
    if (*request.prompt_tokens >= context_length) {
      throw UsageError(
          fmt::format("--prompt-tokens {} leaves no room for new tokens: the bundle's context_length is {}. "
                      "Use --prompt-tokens {} or fewer.",
                      *request.prompt_tokens, context_length, context_length - 1));
    }
    text_prompt_tokens = static_cast<std::size_t>(*request.prompt_tokens);
  }
  if (text_prompt_tokens) {
    kv_budget(request.depth, *text_prompt_tokens, request.max_new_tokens, request.max_length, context_length);
    return;
  }
  // A text prompt not yet tokenized has at least one token: what must hold whatever its length.
  if (request.max_length) check_max_length(*request.max_length, context_length);
  const long long depth_and_new = static_cast<long long>(request.depth) + request.max_new_tokens;
  if (request.depth > 0 && depth_and_new >= context_length) {
    throw UsageError(fmt::format(
        "--depth {} + -n {} leave no room for a prompt in the bundle's context_length {}. Use --depth {} or less.",
        request.depth, request.max_new_tokens, context_length,
        std::max(0LL, static_cast<long long>(context_length) - request.max_new_tokens - 2)));
  }
}

std::string describe_cap(const TokenBudget& budget) {
  return fmt::format(
      "-n {} does not fit: the prompt has {} tokens and the bundle's context_length is {}, so at most {} new tokens "
      "are generated ({} fewer than asked)",
      budget.requested, budget.prompt_tokens, budget.context_length, budget.effective,
      budget.requested - budget.effective);
}

}  // namespace winml::session
