#include "synth/decoder_builder.h"

#include <cmath>

#include "synth/int4_quantizer.h"
#include "synth/tensor_names.h"

namespace winml::synth {
namespace {

constexpr float kRmsEpsilon = 1e-5f;
constexpr double kRopeTheta = 10000.0;

std::string layer_name(std::int64_t layer) { return "model.layers." + std::to_string(layer); }
std::string layer_scope(std::int64_t layer) { return "/model/layers." + std::to_string(layer); }

// Uniform weights with variance 1/fan_in, so activations keep unit scale layer after layer.
float fan_in_bound(std::int64_t fan_in) { return static_cast<float>(std::sqrt(3.0 / static_cast<double>(fan_in))); }

}  // namespace

std::vector<float>& DecoderBuilder::random(const std::string& name, std::int64_t count, float bound) {
  scratch_.resize(static_cast<std::size_t>(count));
  w_.fill_uniform(name, bound, scratch_);
  return scratch_;
}

std::string DecoderBuilder::embedding(const std::string& input_ids, const std::string& output_name) {
  const std::int64_t v = o_.vocab_size;
  const std::int64_t h = o_.hidden_size;
  // Unit-variance rows: the residual stream starts at the same scale the layers add to it.
  g_.initializer("model.embed_tokens.weight", {v, h}, random("model.embed_tokens.weight", v * h, fan_in_bound(1)));
  g_.node("/model/embed_tokens/Gather", "Gather", {"model.embed_tokens.weight", input_ids}, {output_name});
  return output_name;
}

std::string DecoderBuilder::linear(const std::string& scope, const std::string& weight, const std::string& x,
                                   std::int64_t k, std::int64_t n, const std::string& output) {
  const auto& values = random(weight + ".weight", k * n, fan_in_bound(k));
  if (o_.precision == Precision::fp32) {
    std::string out = output.empty() ? scope + "/MatMul/output_0" : output;
    g_.initializer(weight + ".weight", {k, n}, values);
    g_.node(scope + "/MatMul", "MatMul", {x, weight + ".weight"}, {out});
    return out;
  }
  const Int4Matrix q = quantize_int4(values, k, n, kInt4BlockSize);
  std::string out = output.empty() ? scope + "/MatMulNBits/output_0" : output;
  g_.initializer(weight + ".qweight", onnx::TensorProto_DataType_UINT8, {n, q.blocks_per_row, kInt4BlockSize / 2},
                 q.packed.data(), q.packed.size());
  g_.initializer(weight + ".scales", {n, q.blocks_per_row}, q.scales);
  auto& node =
      g_.node(scope + "/MatMulNBits", "MatMulNBits", {x, weight + ".qweight", weight + ".scales"}, {out}, kMsDomain);
  set_attribute(node, "K", k);
  set_attribute(node, "N", n);
  set_attribute(node, "bits", std::int64_t{4});
  set_attribute(node, "block_size", kInt4BlockSize);
  // Level 4 lets the CPU kernel quantize activations to int8, as GenAI's CPU int4 exports do.
  set_attribute(node, "accuracy_level", std::int64_t{4});
  return out;
}

std::string DecoderBuilder::rms_norm(const std::string& scope, const std::string& weight, const std::string& x,
                                     const std::string& output) {
  g_.initializer(weight, {o_.hidden_size}, w_.near_one(weight, static_cast<std::size_t>(o_.hidden_size)));
  auto& node = g_.node(scope + "/SimplifiedLayerNorm", "SimplifiedLayerNormalization", {x, weight}, {output});
  set_attribute(node, "axis", std::int64_t{-1});
  set_attribute(node, "epsilon", kRmsEpsilon);
  set_attribute(node, "stash_type", std::int64_t{1});
  return output;
}

void DecoderBuilder::attention_lengths(const std::string& attention_mask) {
  // GroupQueryAttention wants seqlens_k = (tokens seen so far - 1) per row as int32 and the total
  // length as an int32 scalar; GenAI exports derive both from attention_mask exactly like this.
  const std::string s = "/model/attn_mask_reformat/attn_mask_subgraph";
  g_.int64_initializer("/model/constants/axes_1", {1}, {1});
  g_.int64_initializer("/model/constants/one", {}, {1});
  set_attribute(
      g_.node(s + "/ReduceSum", "ReduceSum", {attention_mask, "/model/constants/axes_1"}, {s + "/ReduceSum/output_0"}),
      "keepdims", std::int64_t{0});
  g_.node(s + "/Sub", "Sub", {s + "/ReduceSum/output_0", "/model/constants/one"}, {s + "/Sub/output_0"});
  seqlens_k_ = s + "/Sub/Cast/output_0";
  set_attribute(g_.node(s + "/Sub/Cast", "Cast", {s + "/Sub/output_0"}, {seqlens_k_}), "to",
                std::int64_t{onnx::TensorProto_DataType_INT32});
  g_.node(s + "/Shape", "Shape", {attention_mask}, {s + "/Shape/output_0"});
  set_attribute(
      g_.node(s + "/Gather", "Gather", {s + "/Shape/output_0", "/model/constants/one"}, {s + "/Gather/output_0"}),
      "axis", std::int64_t{0});
  total_length_ = s + "/Gather/Cast/output_0";
  set_attribute(g_.node(s + "/Gather/Cast", "Cast", {s + "/Gather/output_0"}, {total_length_}), "to",
                std::int64_t{onnx::TensorProto_DataType_INT32});
}

void DecoderBuilder::rotary_tables() {
  // cos/sin of position * theta^(-2i/head_size), [context_length, head_size / 2], the half-split
  // (non-interleaved) layout of Hugging Face Llama that GroupQueryAttention expects by default.
  const std::int64_t half = o_.head_size / 2;
  std::vector<float> cos_table(static_cast<std::size_t>(o_.context_length * half));
  std::vector<float> sin_table(cos_table.size());
  for (std::int64_t pos = 0; pos < o_.context_length; ++pos) {
    for (std::int64_t i = 0; i < half; ++i) {
      const double inv_freq = std::pow(kRopeTheta, -2.0 * static_cast<double>(i) / static_cast<double>(o_.head_size));
      const double angle = static_cast<double>(pos) * inv_freq;
      cos_table[static_cast<std::size_t>(pos * half + i)] = static_cast<float>(std::cos(angle));
      sin_table[static_cast<std::size_t>(pos * half + i)] = static_cast<float>(std::sin(angle));
    }
  }
  cos_cache_ = g_.initializer("cos_cache", {o_.context_length, half}, cos_table);
  sin_cache_ = g_.initializer("sin_cache", {o_.context_length, half}, sin_table);
}

std::string DecoderBuilder::attention(std::int64_t layer, const std::string& x) {
  const std::string scope = layer_scope(layer) + "/attn";
  const std::string name = layer_name(layer) + ".attn";
  const std::int64_t q_width = o_.num_heads * o_.head_size;
  const std::int64_t kv_width = o_.num_kv_heads * o_.head_size;
  auto q = linear(scope + "/q_proj", name + ".q_proj", x, o_.hidden_size, q_width);
  auto k = linear(scope + "/k_proj", name + ".k_proj", x, o_.hidden_size, kv_width);
  auto v = linear(scope + "/v_proj", name + ".v_proj", x, o_.hidden_size, kv_width);
  const std::string out = scope + "/GroupQueryAttention/output_0";
  auto& gqa = g_.node(
      scope + "/GroupQueryAttention", "GroupQueryAttention",
      {q, k, v, names::past_key(layer), names::past_value(layer), seqlens_k_, total_length_, cos_cache_, sin_cache_},
      {out, names::present_key(layer), names::present_value(layer)}, kMsDomain);
  set_attribute(gqa, "num_heads", o_.num_heads);
  set_attribute(gqa, "kv_num_heads", o_.num_kv_heads);
  set_attribute(gqa, "do_rotary", std::int64_t{1});
  set_attribute(gqa, "rotary_interleaved", std::int64_t{0});
  return linear(scope + "/o_proj", name + ".o_proj", out, q_width, o_.hidden_size);
}

std::string DecoderBuilder::mlp(std::int64_t layer, const std::string& x) {
  const std::string scope = layer_scope(layer) + "/mlp";
  const std::string name = layer_name(layer) + ".mlp";
  auto gate = linear(scope + "/gate_proj", name + ".gate_proj", x, o_.hidden_size, o_.intermediate_size);
  auto up = linear(scope + "/up_proj", name + ".up_proj", x, o_.hidden_size, o_.intermediate_size);
  // SiLU(gate) = gate * Sigmoid(gate), then the SwiGLU product with up.
  g_.node(scope + "/act_fn/Sigmoid", "Sigmoid", {gate}, {scope + "/act_fn/Sigmoid/output_0"});
  g_.node(scope + "/act_fn/Mul", "Mul", {gate, scope + "/act_fn/Sigmoid/output_0"}, {scope + "/act_fn/Mul/output_0"});
  g_.node(scope + "/Mul", "Mul", {scope + "/act_fn/Mul/output_0", up}, {scope + "/Mul/output_0"});
  return linear(scope + "/down_proj", name + ".down_proj", scope + "/Mul/output_0", o_.intermediate_size,
                o_.hidden_size);
}

std::string DecoderBuilder::transformer(const std::string& embeddings, const std::string& attention_mask,
                                        const std::string& output_name) {
  attention_lengths(attention_mask);
  rotary_tables();
  // Residual stream as GenAI exports it: layer 0 normalizes the embeddings directly; every later
  // norm is a SkipSimplifiedLayerNormalization that adds the pending block output to the residual
  // (output 3) and normalizes the sum (output 0).
  std::string residual = embeddings;
  std::string pending;
  auto skip_norm = [&](const std::string& scope, const std::string& weight, const std::string& out, bool keep_sum) {
    g_.initializer(weight, {o_.hidden_size}, w_.near_one(weight, static_cast<std::size_t>(o_.hidden_size)));
    const std::string sum = keep_sum ? scope + "/SkipLayerNorm/output_3" : "";
    auto& node =
        g_.node(scope + "/SkipLayerNorm", "SkipSimplifiedLayerNormalization", {pending, residual, weight},
                keep_sum ? std::vector<std::string>{out, "", "", sum} : std::vector<std::string>{out}, kMsDomain);
    set_attribute(node, "epsilon", kRmsEpsilon);
    if (keep_sum) residual = sum;
  };
  for (std::int64_t layer = 0; layer < o_.layers; ++layer) {
    const std::string scope = layer_scope(layer);
    const std::string name = layer_name(layer);
    const std::string normed = scope + "/input_layernorm/output_0";
    if (layer == 0) {
      rms_norm(scope + "/input_layernorm", name + ".input_layernorm.weight", embeddings, normed);
    } else {
      skip_norm(scope + "/input_layernorm", name + ".input_layernorm.weight", normed, true);
    }
    pending = attention(layer, normed);
    const std::string normed2 = scope + "/post_attention_layernorm/output_0";
    skip_norm(scope + "/post_attention_layernorm", name + ".post_attention_layernorm.weight", normed2, true);
    pending = mlp(layer, normed2);
  }
  skip_norm("/model/norm", "model.norm.weight", output_name, false);
  return output_name;
}

std::string DecoderBuilder::lm_head(const std::string& hidden, const std::string& output_name) {
  return linear("/lm_head", "lm_head", hidden, o_.hidden_size, o_.vocab_size, output_name);
}

void DecoderBuilder::declare_past_inputs() {
  const std::vector<Dim> dims{"batch_size", o_.num_kv_heads, "past_sequence_length", o_.head_size};
  for (std::int64_t layer = 0; layer < o_.layers; ++layer) {
    g_.input(names::past_key(layer), onnx::TensorProto_DataType_FLOAT, dims);
    g_.input(names::past_value(layer), onnx::TensorProto_DataType_FLOAT, dims);
  }
}

void DecoderBuilder::declare_present_outputs() {
  const std::vector<Dim> dims{"batch_size", o_.num_kv_heads, "total_sequence_length", o_.head_size};
  for (std::int64_t layer = 0; layer < o_.layers; ++layer) {
    g_.output(names::present_key(layer), onnx::TensorProto_DataType_FLOAT, dims);
    g_.output(names::present_value(layer), onnx::TensorProto_DataType_FLOAT, dims);
  }
}

}  // namespace winml::synth
