#include "session/prompt_tokens.h"

#include <nlohmann/json.hpp>
#include <random>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "winml/errors.h"

namespace winml::session {

std::set<std::int32_t> special_token_ids(const std::filesystem::path& tokenizer_dir) {
  std::set<std::int32_t> ids;
  const auto text = platform::read_regular_file_if_present(tokenizer_dir / "tokenizer.json", kMaxTokenizerFileBytes,
                                                           "tokenizer.json", ErrorCategory::load);
  if (!text) return ids;
  auto tokenizer = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!tokenizer.is_object() || !tokenizer.contains("added_tokens")) return ids;
  for (const auto& token : tokenizer["added_tokens"]) {
    if (token.value("special", false) && token.contains("id")) ids.insert(token["id"].get<std::int32_t>());
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
