#pragma once
/// \file
/// A byte-level BPE vocabulary of an exact size: the 256 byte tokens, merges learned from a small
/// built-in English text (so ordinary prompts tokenize into plausible pieces), then systematic
/// letter merges until the size is reached, then the special tokens. It depends only on the size.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace winml::synth {

/// Special tokens, given the last ids of the vocabulary in this order.
inline constexpr std::array<std::string_view, 6> kSpecialTokens = {"<|begin_of_text|>", "<|end_of_text|>", "<|system|>",
                                                                   "<|user|>",          "<|assistant|>",   "<|end|>"};

/// Beginning of a sequence; the chat template starts with it.
inline constexpr std::string_view kBosToken = "<|begin_of_text|>";
/// End of a document; also the padding token.
inline constexpr std::string_view kEndOfTextToken = "<|end_of_text|>";
/// End of a chat turn; generation stops on it and on kEndOfTextToken.
inline constexpr std::string_view kEndOfTurnToken = "<|end|>";

/// The smallest vocabulary: the byte tokens plus the special tokens, no merges.
inline constexpr std::int64_t kMinVocabSize = 256 + static_cast<std::int64_t>(kSpecialTokens.size());

/// A byte-level BPE vocabulary in the form Hugging Face tokenizer.json stores it.
struct BpeVocab {
  /// Regular tokens by id, spelled with the byte-to-unicode alphabet (space is "Ġ").
  std::vector<std::string> tokens;
  /// Merge rules in rank order; each joins two tokens into a token of `tokens`.
  std::vector<std::pair<std::string, std::string>> merges;

  /// Total size including the special tokens (the model's vocab_size).
  std::int64_t size() const { return static_cast<std::int64_t>(tokens.size() + kSpecialTokens.size()); }
  /// Id of a special token from kSpecialTokens.
  std::int64_t special_id(std::string_view token) const;
};

/// Builds the vocabulary of exactly `vocab_size` (>= kMinVocabSize) tokens.
BpeVocab make_bpe_vocab(std::int64_t vocab_size);

/// Spells UTF-8 bytes in the byte-to-unicode alphabet of byte-level BPE (GPT-2's mapping).
std::string byte_level_spelling(std::string_view bytes);

}  // namespace winml::synth
