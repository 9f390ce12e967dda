#include "synth/tokenizer_files.h"

#include <nlohmann/json.hpp>

namespace winml::synth {
namespace {

using ordered_json = nlohmann::ordered_json;

ordered_json byte_level(bool add_prefix_space, bool trim_offsets) {
  return {{"type", "ByteLevel"},
          {"add_prefix_space", add_prefix_space},
          {"trim_offsets", trim_offsets},
          {"use_regex", true}};
}

ordered_json added_token(std::int64_t id, std::string_view content) {
  return {{"id", id},        {"content", content},  {"single_word", false}, {"lstrip", false},
          {"rstrip", false}, {"normalized", false}, {"special", true}};
}

}  // namespace

const char* const kChatTemplate =
    "{{ bos_token }}{% for message in messages %}"
    "{{ '<|' + message['role'] + '|>\\n' + message['content'] + '<|end|>\\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|assistant|>\\n' }}{% endif %}";

std::string tokenizer_json(const BpeVocab& vocab) {
  ordered_json added = ordered_json::array();
  for (auto token : kSpecialTokens) added.push_back(added_token(vocab.special_id(token), token));

  ordered_json token_ids = ordered_json::object();
  for (std::size_t id = 0; id < vocab.tokens.size(); ++id) token_ids[vocab.tokens[id]] = id;
  ordered_json merges = ordered_json::array();
  // Byte-level tokens never contain a space (it is spelled "Ġ"), so "left right" is unambiguous.
  for (const auto& [left, right] : vocab.merges) merges.push_back(left + " " + right);

  ordered_json doc = {
      {"version", "1.0"},
      {"truncation", nullptr},
      {"padding", nullptr},
      {"added_tokens", added},
      {"normalizer", nullptr},
      {"pre_tokenizer", byte_level(false, true)},
      {"post_processor", byte_level(true, false)},
      {"decoder", byte_level(true, true)},
      {"model",
       {{"type", "BPE"},
        {"dropout", nullptr},
        {"unk_token", nullptr},
        {"continuing_subword_prefix", nullptr},
        {"end_of_word_suffix", nullptr},
        {"fuse_unk", false},
        {"byte_fallback", false},
        {"ignore_merges", false},
        {"vocab", token_ids},
        {"merges", merges}}},
  };
  return doc.dump(1) + "\n";
}

std::string tokenizer_config_json(const BpeVocab& vocab, std::int64_t context_length, bool with_chat_template) {
  ordered_json decoder = ordered_json::object();
  for (auto token : kSpecialTokens) {
    auto entry = added_token(vocab.special_id(token), token);
    entry.erase("id");
    decoder[std::to_string(vocab.special_id(token))] = entry;
  }
  ordered_json doc = {
      // Explicit: the chat template writes the BOS token itself, and raw prompts stay raw.
      {"add_bos_token", false},
      {"add_eos_token", false},
      {"added_tokens_decoder", decoder},
      {"bos_token", kBosToken},
      {"clean_up_tokenization_spaces", false},
      {"eos_token", kEndOfTurnToken},
      {"model_max_length", context_length},
      {"pad_token", kEndOfTextToken},
      {"tokenizer_class", "PreTrainedTokenizerFast"},
  };
  if (with_chat_template) doc["chat_template"] = kChatTemplate;
  return doc.dump(2) + "\n";
}

}  // namespace winml::synth
