#include "session/prompt_tokens.h"

#include <nlohmann/json.hpp>
#include <random>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::session {

std::set<std::int32_t> special_token_ids(const std::filesystem::path& tokenizer_dir) {
  std::set<std::int32_t> ids;
  const auto path = tokenizer_dir / "tokenizer.json";
  const auto text =
      platform::read_regular_file_if_present(path, kMaxTokenizerFileBytes, "tokenizer.json", ErrorCategory::usage);
  if (!text) return ids;
  nlohmann::json tokenizer;
  try {
    tokenizer = json_read::parse(*text);
  } catch (const json_read::JsonReadError& e) {
    // Text that is not JSON is left to GenAI, whose load says what it expected; a repeated key
    // or a hostile depth is refused here, as in every JSON file of a bundle.
    if (e.kind() == json_read::JsonReadError::Kind::not_json) return ids;
    throw UsageError(path.string() + ": " + e.what() + ". Fix or regenerate the bundle's tokenizer files.");
  }
  if (!tokenizer.is_object() || !tokenizer.contains("added_tokens") || !tokenizer["added_tokens"].is_array())
    return ids;
  for (const auto& token : tokenizer["added_tokens"]) {
    if (!token.is_object()) continue;
    const auto special = token.find("special");
    const auto id = token.find("id");
    if (special != token.end() && special->is_boolean() && special->get<bool>() && id != token.end() &&
        id->is_number_integer()) {
      ids.insert(id->get<std::int32_t>());
    }
  }
  return ids;
}

std::vector<std::int32_t> random_prompt_ids(int count, int vocab_size, const std::set<std::int32_t>& excluded,
                                            std::uint64_t seed) {
  std::vector<std::int32_t> allowed;
  for (std::int32_t id = 0; id < vocab_size; ++id) {
    if (excluded.count(id) == 0) allowed.push_back(id);
  }
  if (allowed.empty()) {
    throw UsageError("--prompt-tokens: the model's vocab_size leaves no ordinary token to draw from.");
  }
  std::mt19937_64 rng(seed);
  std::vector<std::int32_t> ids(static_cast<std::size_t>(count));
  // Modulo keeps the draw identical on every standard library (distributions are not portable).
  for (auto& id : ids) id = allowed[rng() % allowed.size()];
  return ids;
}

}  // namespace winml::session
