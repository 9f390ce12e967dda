#pragma once
/// \file
/// Flag values that only the bundle's genai_config.json can bound, checked from the config alone
/// before any engine or model loads, so they fail as usage errors in milliseconds.

#include <optional>
#include <span>
#include <string>

#include "perf/sweep_plan.h"

namespace winml::cli {

/// The numbers to check; unset ones are skipped.
struct BundleBoundFlags {
  std::optional<int> prompt_tokens;  ///< --prompt-tokens: must leave room in model.context_length
  std::optional<int> top_k;          ///< --top-k: at most model.vocab_size (when the config has it)
};

/// Reads `bundle`'s genai_config.json and throws UsageError naming the flag, the bundle's value
/// and the largest valid setting when a flag is out of range. Config errors propagate as
/// bundle::load_genai_config throws them.
void check_bundle_bounds(const std::string& bundle, const BundleBoundFlags& flags);

/// The same for every combination of a perf sweep: a --prompt-tokens prompt must leave room in the
/// context; with a --depth or --max-length, depth + prompt + -n must fit max_length and the context,
/// and max_length the context (session::kv_budget's rules and messages). A text prompt's length is
/// known only after loading: then only what holds for any prompt is checked here.
void check_sweep_bounds(const std::string& bundle, std::span<const perf::Combination> combinations);

}  // namespace winml::cli
