#pragma once
/// \file
/// What a bundle's tokenizer.json says about its token ids, and whether they fit the model: a
/// tokenizer made for another model (GPT-2's 50,257 tokens on a model of 1,000) would feed ids past
/// the embedding table, which ONNX Runtime reports only as a kernel's index error mid-run.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

namespace winml::session {

/// One token of a tokenizer.json.
struct TokenizerToken {
  std::int64_t id = 0;
  std::string text;  ///< as written, for messages
};

/// What winml reads of a tokenizer folder's tokenizer.json (GenAI loads the tokenizer itself).
struct TokenizerIds {
  bool present = false;                   ///< tokenizer.json exists
  std::set<std::int32_t> special;         ///< ids of "added_tokens" marked special
  std::optional<TokenizerToken> largest;  ///< the largest id of model.vocab and added_tokens; none when unread
};

/// Reads tokenizer_dir/tokenizer.json: model.vocab (an object of token -> id, or Unigram's list
/// whose index is the id) and added_tokens. A file that is not JSON, or of another shape, gives no
/// ids (GenAI's own load then says what it expected); a repeated key or a hostile depth is refused
/// with GenaiLoadError, as in every JSON file of a bundle.
TokenizerIds read_tokenizer_ids(const std::filesystem::path& tokenizer_dir);

/// Why the tokenizer's ids do not fit a model of `vocab_size` tokens, naming the id, the token, the
/// vocabulary size and both files (the fix is the caller's to add), or "" when they fit (or either side is unknown:
/// vocab_size 0).
std::string tokenizer_misfit(const TokenizerIds& ids, const std::filesystem::path& tokenizer_json,
                             std::int64_t vocab_size, const std::filesystem::path& config_path);

}  // namespace winml::session
