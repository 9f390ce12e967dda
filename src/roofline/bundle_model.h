#pragma once
/// \file
/// What the roofline needs from a GenAI bundle, read without loading it: the attention shape from
/// genai_config.json (layers, heads, head size), the key/value cache's element type from the
/// decoder graph's past-key input, and the graph facts (onnx_graph_facts.h) of every model file the
/// config names, with when each runs. Weights are never read, only their headers.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "roofline/onnx_graph_facts.h"

namespace winml::roofline {

/// The shape the key/value cache and the attention FLOPs follow.
struct AttentionShape {
  std::int64_t layers = 0;           ///< model.decoder.num_hidden_layers
  std::int64_t attention_heads = 0;  ///< model.decoder.num_attention_heads
  std::int64_t kv_heads = 0;         ///< model.decoder.num_key_value_heads (attention_heads when absent)
  std::int64_t head_size = 0;        ///< model.decoder.head_size (hidden_size / attention_heads when absent)
  std::int32_t kv_data_type = 0;     ///< onnx.TensorProto.DataType of the past-key input of layer 0
};

/// One model file the decoder runs.
struct StageGraph {
  std::string stage;             ///< pipeline key, or "decoder"
  std::filesystem::path file;    ///< the ONNX file
  bool run_on_prompt = true;     ///< runs during prefill
  bool run_on_token_gen = true;  ///< runs for every generated token
  OnnxGraphFacts facts;          ///< its initializers, nodes and inputs
};

/// The bundle as the roofline sees it.
struct BundleModel {
  AttentionShape attention;
  std::vector<StageGraph> stages;  ///< execution order
};

/// Reads `bundle_dir`'s genai_config.json and the headers of its model files. Throws winml::Error:
/// the config's own errors (bundle/genai_config.h), and (runtime) when the config lacks
/// num_hidden_layers or num_attention_heads, when no graph has the past-key input of layer 0, or
/// when a model file is malformed.
BundleModel read_bundle_model(const std::filesystem::path& bundle_dir);

}  // namespace winml::roofline
