#include "session/tokenizer_fit.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "util/json_read.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

void consider(std::optional<TokenizerToken>& largest, std::int64_t id, const std::string& text) {
  if (!largest || id > largest->id) largest = TokenizerToken{id, text};
}

// model.vocab: {"token": id, ...} for BPE, WordPiece and WordLevel; [["token", score], ...] for
// Unigram, where the position is the id.
void read_vocab(const nlohmann::json& model, std::optional<TokenizerToken>& largest) {
  const auto vocab = model.find("vocab");
  if (vocab == model.end()) return;
  if (vocab->is_object()) {
    for (const auto& [text, id] : vocab->items()) {
      if (id.is_number_integer()) consider(largest, id.get<std::int64_t>(), text);
    }
  } else if (vocab->is_array() && !vocab->empty()) {
    const auto& last = vocab->back();
    const std::string text = last.is_array() && !last.empty() && last[0].is_string() ? last[0].get<std::string>() : "";
    consider(largest, static_cast<std::int64_t>(vocab->size()) - 1, text);
  }
}

}  // namespace

TokenizerIds read_tokenizer_ids(const std::filesystem::path& tokenizer_dir) {
  TokenizerIds ids;
  const auto path = tokenizer_dir / "tokenizer.json";
  const auto text =
      platform::read_regular_file_if_present(path, kMaxTokenizerFileBytes, "tokenizer.json", ErrorCategory::usage);
  if (!text) return ids;
  ids.present = true;
  nlohmann::json tokenizer;
  try {
    tokenizer = json_read::parse(*text);
  } catch (const json_read::JsonReadError& e) {
    // Text that is not JSON is left to GenAI, whose load says what it expected.
    if (e.kind() == json_read::JsonReadError::Kind::not_json) return ids;
    throw UsageError(path.string() + ": " + e.what() + ". Fix or regenerate the bundle's tokenizer files.");
  }
  if (!tokenizer.is_object()) return ids;
  if (const auto model = tokenizer.find("model"); model != tokenizer.end() && model->is_object())
    read_vocab(*model, ids.largest);
  const auto added = tokenizer.find("added_tokens");
  if (added == tokenizer.end() || !added->is_array()) return ids;
  for (const auto& token : *added) {
    if (!token.is_object()) continue;
    const auto id = token.find("id");
    if (id == token.end() || !id->is_number_integer()) continue;
    const auto content = token.find("content");
    consider(ids.largest, id->get<std::int64_t>(),
             content != token.end() && content->is_string() ? content->get<std::string>() : "");
    const auto special = token.find("special");
    if (special != token.end() && special->is_boolean() && special->get<bool>()) {
      ids.special.insert(id->get<std::int32_t>());
    }
  }
  return ids;
}

std::string tokenizer_misfit(const TokenizerIds& ids, const std::filesystem::path& tokenizer_json,
                             std::int64_t vocab_size, const std::filesystem::path& config_path) {
  if (vocab_size <= 0 || !ids.largest || ids.largest->id < vocab_size) return "";
  return fmt::format(
      "the bundle's tokenizer does not fit its model: {} has token id {} (\"{}\"), but the model's vocabulary "
      "is {} tokens (model.vocab_size in {}), so ids from this tokenizer would index past the model's "
      "embedding table",
      tokenizer_json.string(), ids.largest->id, printable(ids.largest->text), vocab_size, config_path.string());
}

}  // namespace winml::session
