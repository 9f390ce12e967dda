#include "bundle_limits.h"

#include <fmt/format.h>

#include <algorithm>

#include "bundle/genai_config.h"
#include "session/token_budget.h"
#include "winml/errors.h"

namespace winml::cli {

namespace {

void check_prompt_tokens(int prompt_tokens, int context_length) {
  if (prompt_tokens >= context_length) {
    throw UsageError(
        fmt::format("--prompt-tokens {} leaves no room for new tokens: the bundle's context_length is {}. "
                    "Use --prompt-tokens {} or fewer.",
                    prompt_tokens, context_length, context_length - 1));
  }
}

}  // namespace

void check_bundle_bounds(const std::string& bundle, const BundleBoundFlags& flags) {
  if (!flags.prompt_tokens && !flags.top_k) return;
  const bundle::GenaiConfig config = bundle::load_genai_config(bundle);
  if (flags.prompt_tokens) check_prompt_tokens(*flags.prompt_tokens, config.context_length);
  if (flags.top_k && config.vocab_size > 0 && *flags.top_k > config.vocab_size) {
    throw UsageError(
        fmt::format("--top-k {} is larger than the bundle's vocabulary ({} tokens, model.vocab_size). "
                    "Use --top-k {} or less (0 turns top-k off).",
                    *flags.top_k, config.vocab_size, config.vocab_size));
  }
}

void check_sweep_bounds(const std::string& bundle, std::span<const perf::Combination> combinations) {
  const auto needs_config = [](const perf::Combination& c) {
    return c.run.prompt_tokens || c.run.depth > 0 || c.run.max_length;
  };
  if (std::none_of(combinations.begin(), combinations.end(), needs_config)) return;
  const bundle::GenaiConfig config = bundle::load_genai_config(bundle);
  const int context = config.context_length;
  for (const perf::Combination& c : combinations) {
    const perf::RunSettings& r = c.run;
    if (r.prompt_tokens) {
      check_prompt_tokens(*r.prompt_tokens, context);
      session::kv_budget(r.depth, static_cast<std::size_t>(*r.prompt_tokens), r.max_new_tokens, r.max_length, context);
      continue;
    }
    if (r.max_length) session::check_max_length(*r.max_length, context);
    if (r.depth > 0 && static_cast<long long>(r.depth) + r.max_new_tokens >= context) {
      throw UsageError(fmt::format(
          "--depth {} + -n {} leave no room for a prompt in the bundle's context_length {}. "
          "Use --depth {} or less.",
          r.depth, r.max_new_tokens, context, std::max(0LL, static_cast<long long>(context) - r.max_new_tokens - 2)));
    }
  }
}

}  // namespace winml::cli
