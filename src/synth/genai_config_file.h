#pragma once
/// \file
/// genai_config.json for a synthetic bundle: model type "llama" (one decoder file) or
/// "decoder-pipeline" (embeddings and lm_head pinned to CPU, ctx/iter following the decoder-level
/// providers), KV names, token ids, and search defaults.

#include <string>

#include "synth/bpe_vocab.h"
#include "synth/synth_options.h"

namespace winml::synth {

/// The config text (pretty-printed, stable key order).
std::string genai_config_json(const SynthOptions& options, const BpeVocab& vocab);

}  // namespace winml::synth
