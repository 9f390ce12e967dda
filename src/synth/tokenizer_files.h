#pragma once
/// \file
/// tokenizer.json and tokenizer_config.json in the Hugging Face format that onnxruntime-extensions
/// (inside GenAI) loads: a byte-level BPE model, special tokens as added_tokens, and a chat template.

#include <string>

#include "synth/bpe_vocab.h"

namespace winml::synth {

/// The chat template: "<|begin_of_text|>" then "<|role|>\n" + content + "<|end|>\n" per message,
/// and "<|assistant|>\n" when a generation prompt is requested. Only Jinja that minja supports.
extern const char* const kChatTemplate;

/// tokenizer.json text (pretty-printed, stable key order).
std::string tokenizer_json(const BpeVocab& vocab);

/// tokenizer_config.json text: class PreTrainedTokenizerFast (read as byte-level BPE by
/// onnxruntime-extensions), BOS/EOS/pad tokens, no automatic BOS/EOS, and the chat template
/// unless `with_chat_template` is false.
std::string tokenizer_config_json(const BpeVocab& vocab, std::int64_t context_length, bool with_chat_template);

}  // namespace winml::synth
