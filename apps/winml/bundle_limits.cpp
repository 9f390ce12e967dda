#include "bundle_limits.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "bundle/genai_config.h"
#include "session/token_budget.h"
#include "winml/errors.h"

namespace winml::cli {

void check_bundle_bounds(const std::string& bundle, const BundleBoundFlags& flags) {
  if (!flags.prompt_tokens && !flags.top_k) return;
  const bundle::GenaiConfig config = bundle::load_genai_config(bundle);
  if (flags.prompt_tokens) {
    session::check_generation_fits({flags.prompt_tokens, 1, 0, std::nullopt}, std::nullopt, config.context_length);
  }
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
  for (const perf::Combination& c : combinations) {
    const perf::RunSettings& r = c.run;
    session::check_generation_fits({r.prompt_tokens, r.max_new_tokens, r.depth, r.max_length}, std::nullopt,
                                   config.context_length);
  }
}

}  // namespace winml::cli
