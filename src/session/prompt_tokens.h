#pragma once
/// \file
/// Synthetic prompts of an exact token count, for benchmarks that must not depend on a tokenizer.

#include <cstdint>
#include <filesystem>
#include <set>
#include <vector>

#include "bundle/genai_config.h"

namespace winml::session {

/// Ids of the special tokens in a tokenizer folder's tokenizer.json ("added_tokens" marked
/// special); empty when the file has none or cannot be read.
std::set<std::int32_t> special_token_ids(const std::filesystem::path& tokenizer_dir);

/// The ids genai_config.json names for model.bos_token_id, model.pad_token_id and
/// model.eos_token_id (each an integer or a list of them); entries of another type are skipped.
std::set<std::int32_t> config_special_ids(const bundle::ConfigJson& config);

/// `count` token ids drawn uniformly from [0, vocab_size) minus `excluded`, from a seeded
/// generator: the same arguments always give the same prompt. Throws UsageError when no id is
/// left to draw from.
std::vector<std::int32_t> random_prompt_ids(int count, int vocab_size, const std::set<std::int32_t>& excluded,
                                            std::uint64_t seed);

}  // namespace winml::session
