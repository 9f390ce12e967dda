#include "session/prompt_tokens.h"

#include <random>

#include "session/tokenizer_fit.h"
#include "winml/errors.h"

namespace winml::session {

std::set<std::int32_t> special_token_ids(const std::filesystem::path& tokenizer_dir) {
  return read_tokenizer_ids(tokenizer_dir).special;
}

std::set<std::int32_t> config_special_ids(const bundle::ConfigJson& config) {
  std::set<std::int32_t> ids;
  const auto model = config.find("model");
  if (model == config.end() || !model->is_object()) return ids;
  auto add = [&ids](const bundle::ConfigJson& value) {
    if (value.is_number_integer()) ids.insert(value.get<std::int32_t>());
  };
  for (const char* key : {"bos_token_id", "pad_token_id", "eos_token_id"}) {
    const auto entry = model->find(key);
    if (entry == model->end()) continue;
    if (entry->is_array()) {
      for (const auto& id : *entry) add(id);
    } else {
      add(*entry);
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
