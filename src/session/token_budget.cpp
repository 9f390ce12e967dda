#include "session/token_budget.h"

#include <fmt/format.h>

#include <algorithm>

#include "winml/errors.h"

namespace winml::session {

TokenBudget new_token_budget(std::size_t prompt_tokens, int requested, int context_length) {
  if (requested <= 0) {
    throw UsageError(fmt::format("max_new_tokens must be at least 1, got {}.", requested));
  }
  if (prompt_tokens == 0) throw UsageError("the prompt is empty; give at least one token of text.");
  if (prompt_tokens >= static_cast<std::size_t>(std::max(context_length, 0))) {
    throw UsageError(
        fmt::format("the prompt has {} tokens but the bundle's context_length is {}, which leaves no room "
                    "for new tokens. Use a shorter prompt.",
                    prompt_tokens, context_length));
  }
  TokenBudget budget;
  budget.requested = requested;
  budget.prompt_tokens = static_cast<int>(prompt_tokens);
  budget.context_length = context_length;
  budget.effective = std::min(requested, context_length - budget.prompt_tokens);
  return budget;
}

std::string describe_cap(const TokenBudget& budget) {
  return fmt::format(
      "-n {} does not fit: the prompt has {} tokens and the bundle's context_length is {}, so at most {} new tokens "
      "are generated ({} fewer than asked)",
      budget.requested, budget.prompt_tokens, budget.context_length, budget.effective,
      budget.requested - budget.effective);
}

}  // namespace winml::session
