#pragma once
/// \file
/// Sanity limits on the numbers of genai_config.json. A bundle with a negative layer count, heads
/// that do not divide, or a context of billions of tokens cannot be right; GenAI would fail deep
/// inside (or allocate without bound), so winml rejects it before loading, naming the key, the
/// value and the allowed range.

#include <cstdint>
#include <string>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// Largest model.context_length accepted: 16 Mi tokens, beyond any released model (the largest
/// announced contexts are about 10 M tokens) and far below what would overflow GenAI's int sizes.
inline constexpr std::int64_t kMaxContextLength = std::int64_t{1} << 24;
/// Largest model.vocab_size accepted (real vocabularies stay below 300 k entries).
inline constexpr std::int64_t kMaxVocabSize = std::int64_t{1} << 24;
/// Largest num_hidden_layers / num_attention_heads / num_key_value_heads / head_size accepted.
inline constexpr std::int64_t kMaxLayersOrHeads = 4096;
/// Largest model.decoder.hidden_size accepted.
inline constexpr std::int64_t kMaxHiddenSize = std::int64_t{1} << 20;

/// Checks the numbers of a config: model.context_length and model.vocab_size, the decoder's
/// num_hidden_layers, num_attention_heads, num_key_value_heads (must divide num_attention_heads),
/// head_size, hidden_size (divisible by num_attention_heads when head_size is absent, since GenAI
/// then derives head_size from it), sliding_window.window_size and search.max_length (both at most
/// context_length). Keys that are absent are not checked. Throws UsageError naming the key,
/// the value and the allowed range.
void check_config_limits(const ConfigJson& json);

}  // namespace winml::bundle
