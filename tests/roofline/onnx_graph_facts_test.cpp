#include "roofline/onnx_graph_facts.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <fstream>

#include "synth/bundle_writer.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::roofline {
namespace {

namespace fs = std::filesystem;

const InitializerFact* find_initializer(const OnnxGraphFacts& facts, const std::string& name) {
  auto it = std::find_if(facts.initializers.begin(), facts.initializers.end(),
                         [&](const InitializerFact& t) { return t.name == name; });
  return it == facts.initializers.end() ? nullptr : &*it;
}

const NodeFact* find_node(const OnnxGraphFacts& facts, const std::string& op_type, const std::string& input) {
  auto it = std::find_if(facts.nodes.begin(), facts.nodes.end(), [&](const NodeFact& n) {
    return n.op_type == op_type && std::find(n.inputs.begin(), n.inputs.end(), input) != n.inputs.end();
  });
  return it == facts.nodes.end() ? nullptr : &*it;
}

void write_model(const onnx::ModelProto& model, const fs::path& path) {
  std::ofstream out(path, std::ios::binary);
  ASSERT_TRUE(model.SerializeToOstream(&out));
}

class OnnxGraphFactsTest : public ::testing::Test {
 protected:
  test::TempDir tmp_;
};

TEST_F(OnnxGraphFactsTest, SynthesisedDecoderShowsItsWeightsNodesAndInputs) {
  synth::SynthOptions o;  // the tiny preset: vocab 512, hidden 64, 2 layers
  synth::write_bundle(o, tmp_.path() / "b");
  const OnnxGraphFacts facts = read_onnx_graph_facts(tmp_.path() / "b" / "model.onnx");
  const InitializerFact* embedding = find_initializer(facts, "model.embed_tokens.weight");
  ASSERT_NE(embedding, nullptr);
  EXPECT_EQ(embedding->data_type, onnx::TensorProto_DataType_FLOAT);
  EXPECT_EQ(embedding->dims, (std::vector<std::int64_t>{o.vocab_size, o.hidden_size}));
  const NodeFact* gather = find_node(facts, "Gather", "model.embed_tokens.weight");
  ASSERT_NE(gather, nullptr);
  EXPECT_EQ(gather->inputs, (std::vector<std::string>{"model.embed_tokens.weight", "input_ids"}));
  auto past_key = std::find_if(facts.inputs.begin(), facts.inputs.end(),
                               [](const GraphInputFact& in) { return in.name == "past_key_values.0.key"; });
  ASSERT_NE(past_key, facts.inputs.end());
  EXPECT_EQ(past_key->elem_type, onnx::TensorProto_DataType_FLOAT);
  const NodeFact* gqa = find_node(facts, "GroupQueryAttention", "cos_cache");
  ASSERT_NE(gqa, nullptr);
  EXPECT_EQ(gqa->domain, "com.microsoft");
  EXPECT_EQ(gqa->int_attributes.at("kv_num_heads"), o.num_kv_heads);
}

TEST_F(OnnxGraphFactsTest, Int4ProjectionsCarryTheirLogicalShapeInAttributes) {
  synth::SynthOptions o;
  o.precision = synth::Precision::int4;
  synth::write_bundle(o, tmp_.path() / "b");
  const OnnxGraphFacts facts = read_onnx_graph_facts(tmp_.path() / "b" / "model.onnx");
  const NodeFact* lm_head = find_node(facts, "MatMulNBits", "lm_head.qweight");
  ASSERT_NE(lm_head, nullptr);
  EXPECT_EQ(lm_head->int_attributes.at("K"), o.hidden_size);
  EXPECT_EQ(lm_head->int_attributes.at("N"), o.vocab_size);
  EXPECT_EQ(lm_head->int_attributes.at("bits"), 4);
  const InitializerFact* packed = find_initializer(facts, "lm_head.qweight");
  ASSERT_NE(packed, nullptr);
  EXPECT_EQ(packed->data_type, onnx::TensorProto_DataType_UINT8);
  EXPECT_EQ(packed->dims, (std::vector<std::int64_t>{o.vocab_size, o.hidden_size / 32, 16}));
}

// An initializer kept in an external data file: its header gives the shape, and the data file is
// never opened (it does not even exist here).
TEST_F(OnnxGraphFactsTest, ExternalDataIsCountedFromTheHeaderWithoutReadingIt) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  auto* graph = model.mutable_graph();
  auto* t = graph->add_initializer();
  t->set_name("w");
  t->set_data_type(onnx::TensorProto_DataType_FLOAT16);
  t->add_dims(4096);
  t->add_dims(11008);
  t->set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
  auto* location = t->add_external_data();
  location->set_key("location");
  location->set_value("missing.data");
  auto* node = graph->add_node();
  node->set_op_type("MatMul");
  node->add_input("x");
  node->add_input("w");
  // A subgraph (an If branch) whose node uses the outer weight: flattened into the node list.
  auto* outer = graph->add_node();
  outer->set_op_type("If");
  auto* branch = outer->add_attribute();
  branch->set_name("then_branch");
  branch->set_type(onnx::AttributeProto_AttributeType_GRAPH);
  auto* inner = branch->mutable_g()->add_node();
  inner->set_op_type("Identity");
  inner->add_input("w");
  write_model(model, tmp_.path() / "m.onnx");

  const OnnxGraphFacts facts = read_onnx_graph_facts(tmp_.path() / "m.onnx");
  ASSERT_EQ(facts.initializers.size(), 1u);
  EXPECT_EQ(facts.initializers[0].dims, (std::vector<std::int64_t>{4096, 11008}));
  EXPECT_EQ(facts.initializers[0].data_type, onnx::TensorProto_DataType_FLOAT16);
  EXPECT_NE(find_node(facts, "Identity", "w"), nullptr);
  EXPECT_NE(find_node(facts, "MatMul", "w"), nullptr);
  EXPECT_TRUE(find_node(facts, "Identity", "w")->in_subgraph);
  EXPECT_FALSE(find_node(facts, "MatMul", "w")->in_subgraph);
}

TEST_F(OnnxGraphFactsTest, NodeOutputsAndGraphOutputNamesAreRead) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  auto* graph = model.mutable_graph();
  auto* node = graph->add_node();
  node->set_op_type("Dropout");
  node->add_input("x");
  node->add_output("y");
  node->add_output("mask");
  graph->add_output()->set_name("y");
  graph->add_output()->set_name("mask");
  write_model(model, tmp_.path() / "m.onnx");
  const OnnxGraphFacts facts = read_onnx_graph_facts(tmp_.path() / "m.onnx");
  ASSERT_EQ(facts.nodes.size(), 1u);
  EXPECT_EQ(facts.nodes[0].outputs, (std::vector<std::string>{"y", "mask"}));
  EXPECT_EQ(facts.outputs, (std::vector<std::string>{"y", "mask"}));
}

TEST_F(OnnxGraphFactsTest, MissingOrMalformedFilesAreNamedErrors) {
  const fs::path missing = tmp_.path() / "nope.onnx";
  try {
    read_onnx_graph_facts(missing);
    FAIL() << "a missing file has no facts";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr(missing.string()));
  }
  const fs::path garbage = tmp_.path() / "garbage.onnx";
  std::ofstream(garbage) << "onnx";
  EXPECT_THROW(read_onnx_graph_facts(garbage), Error);
  const fs::path no_graph = tmp_.path() / "no_graph.onnx";
  onnx::ModelProto model;
  model.set_ir_version(8);
  write_model(model, no_graph);
  EXPECT_THROW(read_onnx_graph_facts(no_graph), Error);
}

}  // namespace
}  // namespace winml::roofline
