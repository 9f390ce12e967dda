#pragma once
/// \file
/// Flag values that only the bundle's genai_config.json can bound, checked from the config alone
/// before any engine or model loads, so they fail as usage errors in milliseconds.

#include <optional>
#include <string>

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

}  // namespace winml::cli
