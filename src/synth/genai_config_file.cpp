#include "synth/genai_config_file.h"

#include <nlohmann/json.hpp>

#include "synth/bundle_files.h"
#include "synth/tensor_names.h"

namespace winml::synth {
namespace {

using ordered_json = nlohmann::ordered_json;

// An empty provider list means the CPU execution provider.
ordered_json cpu_session_options() {
  return {{"log_id", "onnxruntime-genai"}, {"provider_options", ordered_json::array()}};
}

ordered_json kv_names(const SynthOptions& o, bool past) {
  ordered_json list = ordered_json::array();
  for (std::int64_t layer = 0; layer < o.layers; ++layer) {
    list.push_back(past ? names::past_key(layer) : names::present_key(layer));
    list.push_back(past ? names::past_value(layer) : names::present_value(layer));
  }
  return list;
}

ordered_json stage(std::string_view file, ordered_json inputs, ordered_json outputs, bool on_prompt, bool on_token) {
  return {{"filename", file},
          {"inputs", std::move(inputs)},
          {"outputs", std::move(outputs)},
          {"run_on_prompt", on_prompt},
          {"run_on_token_gen", on_token}};
}

ordered_json pipeline(const SynthOptions& o) {
  ordered_json embeddings = stage(files::kEmbeddings, {names::kInputIds}, {names::kInputsEmbeds}, true, true);
  embeddings["session_options"] = cpu_session_options();

  ordered_json transformer_inputs = {names::kInputsEmbeds, names::kAttentionMask};
  for (auto& name : kv_names(o, true)) transformer_inputs.push_back(name);
  ordered_json transformer_outputs = {names::kHiddenStates};
  for (auto& name : kv_names(o, false)) transformer_outputs.push_back(name);
  // ctx and iter carry no session_options: they follow the decoder-level providers, which is
  // where an execution-provider override lands, while embeddings and lm_head stay on CPU.
  ordered_json ctx = stage(files::kCtx, transformer_inputs, transformer_outputs, true, false);
  ordered_json iter = stage(files::kIter, transformer_inputs, transformer_outputs, false, true);

  ordered_json lm_head = stage(files::kLmHead, {names::kHiddenStates}, {names::kLogits}, true, true);
  lm_head["session_options"] = cpu_session_options();
  lm_head["is_lm_head"] = true;

  return ordered_json::array({{{"embeddings", embeddings}}, {{"ctx", ctx}}, {{"iter", iter}}, {{"lm_head", lm_head}}});
}

ordered_json search(const SynthOptions& o) {
  return {{"diversity_penalty", 0.0},
          {"do_sample", false},
          {"early_stopping", true},
          {"length_penalty", 1.0},
          {"max_length", o.context_length},
          {"min_length", 0},
          {"no_repeat_ngram_size", 0},
          {"num_beams", 1},
          {"num_return_sequences", 1},
          // As in GenAI's own GroupQueryAttention exports: one KV buffer of max_length per layer,
          // bound as both past and present, instead of a new present tensor every step. Verified
          // with GenAI 0.18 to give the same greedy tokens as false, plain and pipeline.
          {"past_present_share_buffer", true},
          {"repetition_penalty", 1.0},
          {"temperature", 1.0},
          {"top_k", 50},
          {"top_p", 1.0}};
}

}  // namespace

std::string genai_config_json(const SynthOptions& o, const BpeVocab& vocab) {
  ordered_json decoder = {{"session_options", cpu_session_options()}};
  if (!o.pipeline) decoder["filename"] = files::kModel;
  decoder["head_size"] = o.head_size;
  decoder["hidden_size"] = o.hidden_size;
  decoder["inputs"] = {{"input_ids", names::kInputIds},
                       {"attention_mask", names::kAttentionMask},
                       {"past_key_names", names::kPastKeyTemplate},
                       {"past_value_names", names::kPastValueTemplate}};
  decoder["outputs"] = {{"logits", names::kLogits},
                        {"present_key_names", names::kPresentKeyTemplate},
                        {"present_value_names", names::kPresentValueTemplate}};
  decoder["num_attention_heads"] = o.num_heads;
  decoder["num_hidden_layers"] = o.layers;
  decoder["num_key_value_heads"] = o.num_kv_heads;
  if (o.pipeline) decoder["pipeline"] = pipeline(o);

  ordered_json model = {
      {"bos_token_id", vocab.special_id(kBosToken)},
      {"context_length", o.context_length},
      {"decoder", decoder},
      {"eos_token_id", {vocab.special_id(kEndOfTurnToken), vocab.special_id(kEndOfTextToken)}},
      {"pad_token_id", vocab.special_id(kEndOfTextToken)},
      {"type", o.pipeline ? "decoder-pipeline" : "llama"},
      {"vocab_size", o.vocab_size},
  };
  ordered_json doc = {{"model", model}, {"search", search(o)}};
  return doc.dump(4) + "\n";
}

}  // namespace winml::synth
