#pragma once
/// \file
/// The ONNX graphs of a synthetic bundle: one whole decoder, or the three graphs of a
/// decoder-pipeline (embeddings, transformer used by both ctx and iter, lm_head).

#include <onnx/onnx_pb.h>

#include "synth/random_weights.h"
#include "synth/synth_options.h"
#include "synth/tensor_store.h"

namespace winml::synth {

/// Wraps a graph in a model: IR version 8, opsets ai.onnx 17 and com.microsoft 1.
onnx::ModelProto make_model(onnx::GraphProto graph);

/// input_ids, attention_mask, past KV -> logits, present KV.
onnx::GraphProto decoder_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store);

/// input_ids -> inputs_embeds.
onnx::GraphProto embeddings_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store);

/// inputs_embeds, attention_mask, past KV -> hidden_states (after the final norm), present KV.
onnx::GraphProto transformer_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store);

/// hidden_states -> logits.
onnx::GraphProto lm_head_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store);

}  // namespace winml::synth
