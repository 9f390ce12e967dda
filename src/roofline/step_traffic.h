#pragma once
/// \file
/// The arithmetic of the roofline, from a bundle's shape (bundle_model.h) alone: the bytes of
/// weights a decode step reads, the bytes the key/value cache holds per position, and the FLOPs of
/// a prefill. Formulas and their assumptions: docs/metrics.md, "Roofline".

#include <cstdint>

#include "roofline/bundle_model.h"
#include "roofline/onnx_graph_facts.h"

namespace winml::roofline {

/// The weights of a set of graphs, in bytes as stored (packed types at their packed size).
struct WeightBytes {
  std::uint64_t stored_bytes = 0;          ///< every initializer, whole
  std::uint64_t read_per_token_bytes = 0;  ///< what one token's pass reads (see weight_bytes())
  std::uint64_t row_tables_bytes = 0;      ///< stored bytes of the tables read one row per token
  std::uint64_t unused_bytes = 0;          ///< stored bytes of initializers no node uses
};

/// Weight bytes of one graph. One token's pass reads every initializer whole, except:
/// - a table every use of which is the data input of Gather (axis 0), such as the token embedding,
///   or a cos/sin table of GroupQueryAttention (inputs 7, 8) or RotaryEmbedding (inputs 2, 3),
///   which are indexed by position: one row per token (stored bytes / first dimension);
/// - an initializer no node uses: nothing.
WeightBytes weight_bytes(const OnnxGraphFacts& graph);

/// Multiply-accumulates one token's pass does with the weights: for each use of an initializer as
/// the weight input (input 1) of MatMul, Gemm or com.microsoft FusedMatMul, its element count; of
/// com.microsoft MatMulNBits, its K x N attributes (the logical matrix, whatever the packing).
std::uint64_t weight_macs_per_token(const OnnxGraphFacts& graph);

/// Which stages to sum over.
enum class Phase {
  prompt,     ///< stages with run_on_prompt
  token_gen,  ///< stages with run_on_token_gen
  any,        ///< every stage (the weights held in memory)
};

/// weight_bytes() summed over the stages of `phase`.
WeightBytes bundle_weight_bytes(const BundleModel& model, Phase phase);

/// weight_macs_per_token() summed over the stages of `phase`.
std::uint64_t bundle_weight_macs_per_token(const BundleModel& model, Phase phase);

/// Bytes the key/value cache holds per position: layers x kv heads x head size x 2 (K and V) x the
/// element size. Throws winml::Error (runtime) for an element type of unknown size.
std::uint64_t kv_bytes_per_position(const AttentionShape& shape);

/// FLOPs of a prefill of `prompt_tokens` tokens after `depth` tokens already in the cache:
/// 2 x macs_per_token x prompt_tokens for the weights, plus the attention's
/// 4 x layers x attention heads x head size x (prompt x depth + prompt x (prompt + 1) / 2):
/// query token i (1-based) scores depth + i keys and sums as many values, head_size
/// multiply-accumulates each, 2 FLOPs per multiply-accumulate.
struct PrefillFlops {
  double weight_flops = 0;     ///< the matrix products with the weights
  double attention_flops = 0;  ///< scores and weighted sums
  double total() const { return weight_flops + attention_flops; }
};
PrefillFlops prefill_flops(std::uint64_t macs_per_token, const AttentionShape& shape, std::int64_t prompt_tokens,
                           std::int64_t depth = 0);

}  // namespace winml::roofline
