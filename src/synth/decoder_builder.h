#pragma once
/// \file
/// The pieces of a Llama-style decoder, built from the operators GenAI's model builder emits for
/// CPU: Gather embedding, SimplifiedLayerNormalization / com.microsoft SkipSimplifiedLayerNormalization
/// (RMSNorm, the skip variant also adding the residual), com.microsoft GroupQueryAttention with
/// rotary embedding inside and seqlens_k / total_sequence_length derived from attention_mask,
/// a SwiGLU MLP (MatMul, Sigmoid, Mul) and an lm_head MatMul. With int4 precision every projection is a
/// com.microsoft MatMulNBits instead of a MatMul.
///
/// Weight values depend only on (seed, weight name), so any split of the pieces into graphs
/// (one model, or a pipeline) carries identical weights.

#include <cstdint>
#include <string>
#include <vector>

#include "synth/graph_builder.h"
#include "synth/random_weights.h"
#include "synth/synth_options.h"

namespace winml::synth {

/// Appends decoder pieces to one graph.
class DecoderBuilder {
 public:
  /// Builds into `graph` for the dimensions in `options`, drawing weights from `weights`.
  DecoderBuilder(GraphBuilder& graph, const SynthOptions& options, const RandomWeights& weights)
      : g_(graph), o_(options), w_(weights) {}

  /// Token embedding lookup: input_ids [batch, seq] -> `output_name` [batch, seq, hidden].
  std::string embedding(const std::string& input_ids, const std::string& output_name);

  /// All transformer layers plus the final RMSNorm, reading past KV inputs and writing present KV
  /// outputs under the GenAI default names. Returns `output_name`, the normalized hidden state.
  std::string transformer(const std::string& embeddings, const std::string& attention_mask,
                          const std::string& output_name);

  /// lm_head projection: hidden [batch, seq, hidden] -> `output_name` [batch, seq, vocab].
  std::string lm_head(const std::string& hidden, const std::string& output_name);

  /// Declares past_key_values.N.key/value graph inputs, [batch, kv_heads, past_seq, head_size].
  void declare_past_inputs();
  /// Declares present.N.key/value graph outputs, [batch, kv_heads, total_seq, head_size].
  void declare_present_outputs();

 private:
  /// Projects x [.., k] with a random k x n weight (MatMul, or MatMulNBits for int4); the result is
  /// named `output` when given, else after the node.
  std::string linear(const std::string& scope, const std::string& weight, const std::string& x, std::int64_t k,
                     std::int64_t n, const std::string& output = "");
  /// RMSNorm without a residual (layer 0's input norm): SimplifiedLayerNormalization.
  std::string rms_norm(const std::string& scope, const std::string& weight, const std::string& x,
                       const std::string& output);
  /// q/k/v projections, GroupQueryAttention with rotary, o projection.
  std::string attention(std::int64_t layer, const std::string& x);
  /// SwiGLU: down(SiLU(gate(x)) * up(x)).
  std::string mlp(std::int64_t layer, const std::string& x);
  /// seqlens_k and total_sequence_length for GroupQueryAttention, derived from attention_mask.
  void attention_lengths(const std::string& attention_mask);
  /// The cos/sin tables GroupQueryAttention rotates with, [context_length, head_size / 2].
  void rotary_tables();
  /// Fills the scratch buffer with `count` random values for tensor `name` and returns it.
  std::vector<float>& random(const std::string& name, std::int64_t count, float bound);

  GraphBuilder& g_;             ///< the graph being built
  const SynthOptions& o_;       ///< dimensions
  const RandomWeights& w_;      ///< weight source
  std::vector<float> scratch_;  ///< reused for every random tensor: a multi-GB model allocates it once
  std::string seqlens_k_;       ///< name of the int32 [batch] seqlens_k tensor
  std::string total_length_;    ///< name of the int32 scalar total_sequence_length tensor
  std::string cos_cache_;       ///< name of the cos table initializer
  std::string sin_cache_;       ///< name of the sin table initializer
};

}  // namespace winml::synth
