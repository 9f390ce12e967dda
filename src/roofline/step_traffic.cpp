#include "roofline/step_traffic.h"

#include <algorithm>
#include <map>
#include <string>

#include "roofline/tensor_bytes.h"

namespace winml::roofline {
namespace {

constexpr const char* kMicrosoft = "com.microsoft";

bool is_op(const NodeFact& node, const char* op_type, const char* domain = "") {
  // "ai.onnx" is the default domain spelled out.
  const bool domain_matches = node.domain == domain || (*domain == '\0' && node.domain == "ai.onnx");
  return node.op_type == op_type && domain_matches;
}

// True when input `index` of `node` is read one row per token: the data input of a Gather along
// axis 0, or a position-indexed cos/sin table of the attention operators that rotate inside.
bool reads_one_row(const NodeFact& node, std::size_t index) {
  if (is_op(node, "Gather")) {
    auto axis = node.int_attributes.find("axis");
    return index == 0 && (axis == node.int_attributes.end() || axis->second == 0);
  }
  if (is_op(node, "GroupQueryAttention", kMicrosoft)) return index == 7 || index == 8;
  if (is_op(node, "RotaryEmbedding", kMicrosoft)) return index == 2 || index == 3;
  return false;
}

struct Uses {
  std::size_t total = 0;
  std::size_t one_row = 0;
};

std::map<std::string, Uses> uses_by_name(const OnnxGraphFacts& graph) {
  std::map<std::string, Uses> uses;
  for (const NodeFact& node : graph.nodes) {
    for (std::size_t i = 0; i < node.inputs.size(); ++i) {
      if (node.inputs[i].empty()) continue;
      Uses& u = uses[node.inputs[i]];
      ++u.total;
      if (reads_one_row(node, i)) ++u.one_row;
    }
  }
  return uses;
}

bool included(const StageGraph& stage, Phase phase) {
  switch (phase) {
    case Phase::prompt:
      return stage.run_on_prompt;
    case Phase::token_gen:
      return stage.run_on_token_gen;
    case Phase::any:
      return true;
  }
  return true;
}

}  // namespace

WeightBytes weight_bytes(const OnnxGraphFacts& graph) {
  const std::map<std::string, Uses> uses = uses_by_name(graph);
  WeightBytes out;
  for (const InitializerFact& t : graph.initializers) {
    const std::uint64_t bytes = packed_bytes(t.data_type, element_count(t.dims), t.name.c_str());
    out.stored_bytes += bytes;
    auto it = uses.find(t.name);
    if (it == uses.end()) {
      out.unused_bytes += bytes;
    } else if (it->second.one_row == it->second.total && !t.dims.empty() && t.dims.front() > 0) {
      out.row_tables_bytes += bytes;
      const auto rows = static_cast<std::uint64_t>(t.dims.front());
      out.read_per_token_bytes += packed_bytes(t.data_type, element_count(t.dims) / rows, t.name.c_str());
    } else {
      out.read_per_token_bytes += bytes;
    }
  }
  return out;
}

std::uint64_t weight_macs_per_token(const OnnxGraphFacts& graph) {
  std::map<std::string, std::uint64_t> elements;
  for (const InitializerFact& t : graph.initializers) elements[t.name] = element_count(t.dims);
  std::uint64_t macs = 0;
  for (const NodeFact& node : graph.nodes) {
    if (node.inputs.size() < 2) continue;
    auto weight = elements.find(node.inputs[1]);
    if (weight == elements.end()) continue;
    if (is_op(node, "MatMul") || is_op(node, "Gemm") || is_op(node, "FusedMatMul", kMicrosoft)) {
      macs += weight->second;
    } else if (is_op(node, "MatMulNBits", kMicrosoft)) {
      auto k = node.int_attributes.find("K");
      auto n = node.int_attributes.find("N");
      if (k != node.int_attributes.end() && n != node.int_attributes.end() && k->second > 0 && n->second > 0) {
        macs += static_cast<std::uint64_t>(k->second) * static_cast<std::uint64_t>(n->second);
      }
    }
  }
  return macs;
}

WeightBytes bundle_weight_bytes(const BundleModel& model, Phase phase) {
  WeightBytes sum;
  for (const StageGraph& stage : model.stages) {
    if (!included(stage, phase)) continue;
    const WeightBytes w = weight_bytes(stage.facts);
    sum.stored_bytes += w.stored_bytes;
    sum.read_per_token_bytes += w.read_per_token_bytes;
    sum.row_tables_bytes += w.row_tables_bytes;
    sum.unused_bytes += w.unused_bytes;
  }
  return sum;
}

std::uint64_t bundle_weight_macs_per_token(const BundleModel& model, Phase phase) {
  std::uint64_t macs = 0;
  for (const StageGraph& stage : model.stages) {
    if (included(stage, phase)) macs += weight_macs_per_token(stage.facts);
  }
  return macs;
}

std::uint64_t kv_bytes_per_position(const AttentionShape& shape) {
  const std::int64_t per_position[] = {shape.layers, shape.kv_heads, shape.head_size, 2};
  return packed_bytes(shape.kv_data_type, element_count(per_position), "the key/value cache");
}

PrefillFlops prefill_flops(std::uint64_t macs_per_token, const AttentionShape& shape, std::int64_t prompt_tokens,
                           std::int64_t depth) {
  const auto p = static_cast<double>(std::max<std::int64_t>(prompt_tokens, 0));
  const auto d = static_cast<double>(std::max<std::int64_t>(depth, 0));
  PrefillFlops f;
  f.weight_flops = 2.0 * static_cast<double>(macs_per_token) * p;
  const double keys_scored = p * d + p * (p + 1) / 2;  // sum over i = 1..p of (depth + i)
  f.attention_flops = 4.0 * static_cast<double>(shape.layers) * static_cast<double>(shape.attention_heads) *
                      static_cast<double>(shape.head_size) * keys_scored;
  return f;
}

}  // namespace winml::roofline
