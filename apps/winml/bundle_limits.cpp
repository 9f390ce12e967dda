#include "bundle_limits.h"

#include <fmt/format.h>

#include "bundle/genai_config.h"
#include "winml/errors.h"

namespace winml::cli {

void check_bundle_bounds(const std::string& bundle, const BundleBoundFlags& flags) {
  if (!flags.prompt_tokens && !flags.top_k) return;
  const bundle::GenaiConfig config = bundle::load_genai_config(bundle);
  if (flags.prompt_tokens && *flags.prompt_tokens >= config.context_length) {
    throw UsageError(
        fmt::format("--prompt-tokens {} leaves no room for new tokens: the bundle's context_length is {}. "
                    "Use --prompt-tokens {} or fewer.",
                    *flags.prompt_tokens, config.context_length, config.context_length - 1));
  }
  if (flags.top_k && config.vocab_size > 0 && *flags.top_k > config.vocab_size) {
    throw UsageError(
        fmt::format("--top-k {} is larger than the bundle's vocabulary ({} tokens, model.vocab_size). "
                    "Use --top-k {} or less (0 turns top-k off).",
                    *flags.top_k, config.vocab_size, config.vocab_size));
  }
}

}  // namespace winml::cli
