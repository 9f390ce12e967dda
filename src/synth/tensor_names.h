#pragma once
/// \file
/// Graph input/output names shared by the ONNX graphs and genai_config.json, so the two cannot drift.

#include <string>

namespace winml::synth::names {

inline constexpr const char* kInputIds = "input_ids";            ///< int64 [batch, seq]
inline constexpr const char* kAttentionMask = "attention_mask";  ///< int64 [batch, total_seq]
inline constexpr const char* kLogits = "logits";                 ///< float [batch, seq, vocab]
inline constexpr const char* kInputsEmbeds = "inputs_embeds";    ///< pipeline: embeddings -> ctx/iter
inline constexpr const char* kHiddenStates = "hidden_states";    ///< pipeline: ctx/iter -> lm_head (normalized)
inline constexpr const char* kPastKeyTemplate = "past_key_values.%d.key";      ///< genai_config template
inline constexpr const char* kPastValueTemplate = "past_key_values.%d.value";  ///< genai_config template
inline constexpr const char* kPresentKeyTemplate = "present.%d.key";           ///< genai_config template
inline constexpr const char* kPresentValueTemplate = "present.%d.value";       ///< genai_config template

/// "past_key_values.<layer>.key"
inline std::string past_key(long layer) { return "past_key_values." + std::to_string(layer) + ".key"; }
/// "past_key_values.<layer>.value"
inline std::string past_value(long layer) { return "past_key_values." + std::to_string(layer) + ".value"; }
/// "present.<layer>.key"
inline std::string present_key(long layer) { return "present." + std::to_string(layer) + ".key"; }
/// "present.<layer>.value"
inline std::string present_value(long layer) { return "present." + std::to_string(layer) + ".value"; }

}  // namespace winml::synth::names
