#include "synth/model_graphs.h"

#include "synth/decoder_builder.h"
#include "synth/tensor_names.h"

namespace winml::synth {
namespace {

constexpr auto kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr auto kInt64 = onnx::TensorProto_DataType_INT64;

std::vector<Dim> hidden_dims(const SynthOptions& o) { return {"batch_size", "sequence_length", o.hidden_size}; }
std::vector<Dim> logits_dims(const SynthOptions& o) { return {"batch_size", "sequence_length", o.vocab_size}; }

}  // namespace

onnx::ModelProto make_model(onnx::GraphProto graph) {
  onnx::ModelProto model;
  // IR 8 / opset 17 are the newest the Debian ONNX checker knows; ONNX Runtime reads them all.
  model.set_ir_version(8);
  model.set_producer_name("winml bundle synth");
  model.set_producer_version("1");
  auto* onnx_domain = model.add_opset_import();
  onnx_domain->set_domain("");
  onnx_domain->set_version(17);
  auto* ms_domain = model.add_opset_import();
  ms_domain->set_domain(kMsDomain);
  ms_domain->set_version(1);
  *model.mutable_graph() = std::move(graph);
  return model;
}

onnx::GraphProto decoder_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store) {
  onnx::GraphProto graph;
  graph.set_name("synthetic_llama");
  GraphBuilder g(graph, store);
  DecoderBuilder decoder(g, options, weights);
  g.input(names::kInputIds, kInt64, {"batch_size", "sequence_length"});
  g.input(names::kAttentionMask, kInt64, {"batch_size", "total_sequence_length"});
  decoder.declare_past_inputs();
  g.output(names::kLogits, kFloat, logits_dims(options));
  decoder.declare_present_outputs();
  auto embeds = decoder.embedding(names::kInputIds, "/model/embed_tokens/Gather/output_0");
  auto hidden = decoder.transformer(embeds, names::kAttentionMask, "/model/norm/output_0");
  decoder.lm_head(hidden, names::kLogits);
  return graph;
}

onnx::GraphProto embeddings_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store) {
  onnx::GraphProto graph;
  graph.set_name("synthetic_llama_embeddings");
  GraphBuilder g(graph, store);
  DecoderBuilder decoder(g, options, weights);
  g.input(names::kInputIds, kInt64, {"batch_size", "sequence_length"});
  g.output(names::kInputsEmbeds, kFloat, hidden_dims(options));
  decoder.embedding(names::kInputIds, names::kInputsEmbeds);
  return graph;
}

onnx::GraphProto transformer_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store) {
  onnx::GraphProto graph;
  graph.set_name("synthetic_llama_transformer");
  GraphBuilder g(graph, store);
  DecoderBuilder decoder(g, options, weights);
  g.input(names::kInputsEmbeds, kFloat, hidden_dims(options));
  g.input(names::kAttentionMask, kInt64, {"batch_size", "total_sequence_length"});
  decoder.declare_past_inputs();
  g.output(names::kHiddenStates, kFloat, hidden_dims(options));
  decoder.declare_present_outputs();
  decoder.transformer(names::kInputsEmbeds, names::kAttentionMask, names::kHiddenStates);
  return graph;
}

onnx::GraphProto lm_head_graph(const SynthOptions& options, const RandomWeights& weights, TensorStore& store) {
  onnx::GraphProto graph;
  graph.set_name("synthetic_llama_lm_head");
  GraphBuilder g(graph, store);
  DecoderBuilder decoder(g, options, weights);
  g.input(names::kHiddenStates, kFloat, hidden_dims(options));
  g.output(names::kLogits, kFloat, logits_dims(options));
  decoder.lm_head(names::kHiddenStates, names::kLogits);
  return graph;
}

}  // namespace winml::synth
