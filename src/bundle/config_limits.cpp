#include "bundle/config_limits.h"

#include <optional>

#include "winml/errors.h"

namespace winml::bundle {
namespace {

const ConfigJson* member(const ConfigJson* object, const char* key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  auto it = object->find(key);
  return it == object->end() ? nullptr : &*it;
}

std::string range_text(std::int64_t low, std::int64_t high) {
  return "between " + std::to_string(low) + " and " + std::to_string(high);
}

// The value at `where` when present; it must be an integer in [low, high].
std::optional<std::int64_t> bounded(const ConfigJson* value, const std::string& where, std::int64_t low,
                                    std::int64_t high) {
  if (value == nullptr) return std::nullopt;
  if (!value->is_number_integer()) {
    throw UsageError(where + " is " + value->dump() + "; it must be an integer " + range_text(low, high) +
                     ". Fix it in genai_config.json or rebuild the bundle.");
  }
  // Values past INT64_MAX parse as unsigned: compare them as such so they are reported, not wrapped.
  bool too_big = value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(high);
  std::int64_t number = too_big ? high : value->get<std::int64_t>();
  if (too_big || number < low || number > high) {
    throw UsageError(where + " is " + value->dump() + ", which cannot be right for a model; it must be " +
                     range_text(low, high) + ". Fix it in genai_config.json or rebuild the bundle.");
  }
  return number;
}

}  // namespace

void check_config_limits(const ConfigJson& json) {
  const ConfigJson* model = member(&json, "model");
  auto context = bounded(member(model, "context_length"), "model.context_length", 1, kMaxContextLength);
  bounded(member(model, "vocab_size"), "model.vocab_size", 1, kMaxVocabSize);
  std::int64_t context_max = context.value_or(kMaxContextLength);

  const ConfigJson* decoder = member(model, "decoder");
  bounded(member(decoder, "num_hidden_layers"), "model.decoder.num_hidden_layers", 1, kMaxLayersOrHeads);
  auto heads =
      bounded(member(decoder, "num_attention_heads"), "model.decoder.num_attention_heads", 1, kMaxLayersOrHeads);
  auto kv_heads = bounded(member(decoder, "num_key_value_heads"), "model.decoder.num_key_value_heads", 1,
                          heads.value_or(kMaxLayersOrHeads));
  if (heads && kv_heads && *heads % *kv_heads != 0) {
    throw UsageError("model.decoder.num_attention_heads (" + std::to_string(*heads) +
                     ") is not a multiple of model.decoder.num_key_value_heads (" + std::to_string(*kv_heads) +
                     "); every key/value head must serve the same number of attention heads. Fix the numbers in "
                     "genai_config.json or rebuild the bundle.");
  }
  auto head_size = bounded(member(decoder, "head_size"), "model.decoder.head_size", 1, kMaxLayersOrHeads);
  auto hidden = bounded(member(decoder, "hidden_size"), "model.decoder.hidden_size", 1, kMaxHiddenSize);
  if (!head_size && hidden && heads && *hidden % *heads != 0) {
    throw UsageError("model.decoder.hidden_size (" + std::to_string(*hidden) +
                     ") is not a multiple of model.decoder.num_attention_heads (" + std::to_string(*heads) +
                     ") and model.decoder.head_size is absent, so GenAI cannot derive the head size. Add "
                     "model.decoder.head_size or fix the numbers.");
  }
  bounded(member(member(decoder, "sliding_window"), "window_size"), "model.decoder.sliding_window.window_size", 1,
          context_max);
  bounded(member(member(&json, "search"), "max_length"), "search.max_length", 0, context_max);
}

}  // namespace winml::bundle
