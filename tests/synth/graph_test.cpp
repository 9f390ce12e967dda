#include <gtest/gtest.h>

#include <map>

#include "synth/model_graphs.h"
#include "synth/onnx_file.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::synth {
namespace {

std::map<std::string, int> op_counts(const onnx::GraphProto& g) {
  std::map<std::string, int> counts;
  for (const auto& node : g.node()) ++counts[node.op_type()];
  return counts;
}

const onnx::NodeProto& first(const onnx::GraphProto& g, const std::string& op) {
  for (const auto& node : g.node())
    if (node.op_type() == op) return node;
  throw std::runtime_error("no " + op);
}

std::int64_t int_attr(const onnx::NodeProto& node, const std::string& name) {
  for (const auto& a : node.attribute())
    if (a.name() == name) return a.i();
  return -999;
}

const onnx::TensorProto& init(const onnx::GraphProto& g, const std::string& name) {
  for (const auto& t : g.initializer())
    if (t.name() == name) return t;
  throw std::runtime_error("no initializer " + name);
}

std::vector<std::string> io_names(const google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>& list) {
  std::vector<std::string> names;
  for (const auto& v : list) names.push_back(v.name());
  return names;
}

TEST(Graphs, PlainDecoderUsesTheGenaiOperators) {
  SynthOptions o;  // 2 layers
  TensorStore store;
  const auto g = decoder_graph(o, RandomWeights(1), store);
  auto ops = op_counts(g);
  EXPECT_EQ(ops["Gather"], 2);  // embedding + total length from the mask shape
  EXPECT_EQ(ops["SimplifiedLayerNormalization"], 1);
  EXPECT_EQ(ops["SkipSimplifiedLayerNormalization"], 2 * 2);  // post-attn per layer, input of layer 1, final
  EXPECT_EQ(ops["GroupQueryAttention"], 2);
  EXPECT_EQ(ops["MatMul"], 7 * 2 + 1);
  EXPECT_EQ(ops["Sigmoid"], 2);
  EXPECT_EQ(ops["ReduceSum"], 1);
  EXPECT_EQ(ops.count("MatMulNBits"), 0u);

  const auto& gqa = first(g, "GroupQueryAttention");
  EXPECT_EQ(gqa.domain(), "com.microsoft");
  EXPECT_EQ(int_attr(gqa, "num_heads"), 4);
  EXPECT_EQ(int_attr(gqa, "kv_num_heads"), 2);
  EXPECT_EQ(int_attr(gqa, "do_rotary"), 1);
  ASSERT_EQ(gqa.input_size(), 9);
  EXPECT_EQ(gqa.input(3), "past_key_values.0.key");
  EXPECT_EQ(gqa.output(2), "present.0.value");

  EXPECT_EQ(io_names(g.input()),
            (std::vector<std::string>{"input_ids", "attention_mask", "past_key_values.0.key", "past_key_values.0.value",
                                      "past_key_values.1.key", "past_key_values.1.value"}));
  EXPECT_EQ(io_names(g.output()), (std::vector<std::string>{"logits", "present.0.key", "present.0.value",
                                                            "present.1.key", "present.1.value"}));
  const auto& past = g.input(2).type().tensor_type();
  EXPECT_EQ(past.elem_type(), onnx::TensorProto_DataType_FLOAT);
  EXPECT_EQ(past.shape().dim(1).dim_value(), 2);  // kv heads
  EXPECT_EQ(past.shape().dim(2).dim_param(), "past_sequence_length");
  EXPECT_EQ(past.shape().dim(3).dim_value(), 16);  // head size
  EXPECT_EQ(g.input(0).type().tensor_type().elem_type(), onnx::TensorProto_DataType_INT64);
  EXPECT_EQ(g.output(0).type().tensor_type().shape().dim(2).dim_value(), o.vocab_size);

  const auto& cos = init(g, "cos_cache");
  EXPECT_EQ(cos.dims(0), o.context_length);
  EXPECT_EQ(cos.dims(1), o.head_size / 2);
}

TEST(Graphs, Int4ProjectionsAreMatMulNBits) {
  SynthOptions o;
  o.precision = Precision::int4;
  TensorStore store;
  const auto g = decoder_graph(o, RandomWeights(1), store);
  auto ops = op_counts(g);
  EXPECT_EQ(ops["MatMulNBits"], 7 * 2 + 1);
  EXPECT_EQ(ops.count("MatMul"), 0u);
  const auto& mm = first(g, "MatMulNBits");
  EXPECT_EQ(mm.domain(), "com.microsoft");
  EXPECT_EQ(int_attr(mm, "K"), 64);
  EXPECT_EQ(int_attr(mm, "N"), 64);
  EXPECT_EQ(int_attr(mm, "bits"), 4);
  EXPECT_EQ(int_attr(mm, "block_size"), 32);
  const auto& q = init(g, "lm_head.qweight");
  EXPECT_EQ(q.data_type(), onnx::TensorProto_DataType_UINT8);
  EXPECT_EQ(std::vector<std::int64_t>(q.dims().begin(), q.dims().end()), (std::vector<std::int64_t>{512, 2, 16}));
  EXPECT_EQ(init(g, "lm_head.scales").dims(1), 2);
}

TEST(Graphs, PipelineStagesCarryTheSameWeightsAsThePlainGraph) {
  SynthOptions o;
  TensorStore a, b, c, d;
  RandomWeights w(5);
  const auto plain = decoder_graph(o, w, a);
  const auto embeddings = embeddings_graph(o, w, b);
  const auto transformer = transformer_graph(o, w, c);
  const auto lm_head = lm_head_graph(o, w, d);

  EXPECT_EQ(io_names(embeddings.input()), std::vector<std::string>{"input_ids"});
  EXPECT_EQ(io_names(embeddings.output()), std::vector<std::string>{"inputs_embeds"});
  EXPECT_EQ(transformer.input(0).name(), "inputs_embeds");
  EXPECT_EQ(transformer.input(1).name(), "attention_mask");
  EXPECT_EQ(transformer.output(0).name(), "hidden_states");
  EXPECT_EQ(transformer.output_size(), 1 + 2 * 2);
  EXPECT_EQ(io_names(lm_head.input()), std::vector<std::string>{"hidden_states"});
  EXPECT_EQ(io_names(lm_head.output()), std::vector<std::string>{"logits"});

  EXPECT_EQ(init(plain, "model.embed_tokens.weight").raw_data(),
            init(embeddings, "model.embed_tokens.weight").raw_data());
  EXPECT_EQ(init(plain, "model.layers.1.mlp.down_proj.weight").raw_data(),
            init(transformer, "model.layers.1.mlp.down_proj.weight").raw_data());
  EXPECT_EQ(init(plain, "model.norm.weight").raw_data(), init(transformer, "model.norm.weight").raw_data());
  EXPECT_EQ(init(plain, "lm_head.weight").raw_data(), init(lm_head, "lm_head.weight").raw_data());
  EXPECT_EQ(op_counts(transformer)["GroupQueryAttention"], 2);
  EXPECT_EQ(op_counts(lm_head)["MatMul"], 1);
}

TEST(Graphs, CheckerAcceptsGraphsWithExternalData) {
  test::TempDir dir;
  SynthOptions o;
  o.pipeline = true;
  TensorStore store(dir.path(), "t.onnx.data");
  auto model = make_model(transformer_graph(o, RandomWeights(2), store));
  store.commit();
  save_model(model, dir.path() / "t.onnx");
  EXPECT_NO_THROW(check_model_file(dir.path() / "t.onnx"));
  EXPECT_EQ(init(model.graph(), "model.layers.0.attn.q_proj.weight").data_location(),
            onnx::TensorProto_DataLocation_EXTERNAL);
  // The checker really resolves the external file: without it the model is rejected.
  std::filesystem::remove(dir.path() / "t.onnx.data");
  EXPECT_THROW(check_model_file(dir.path() / "t.onnx"), Error);
}

TEST(Graphs, CheckerRejectsABrokenGraph) {
  test::TempDir dir;
  TensorStore store;
  auto model = make_model(lm_head_graph(SynthOptions{}, RandomWeights(2), store));
  model.mutable_graph()->mutable_node(0)->set_op_type("NoSuchOperator");
  save_model(model, dir.path() / "bad.onnx");
  try {
    check_model_file(dir.path() / "bad.onnx");
    FAIL() << "the checker accepted an unknown ai.onnx operator";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.onnx"), std::string::npos);
  }
}

}  // namespace
}  // namespace winml::synth
