#include "perf/random_outputs.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <fstream>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

roofline::NodeFact node(std::string op, std::vector<std::string> inputs, std::vector<std::string> outputs) {
  roofline::NodeFact n;
  n.op_type = std::move(op);
  n.inputs = std::move(inputs);
  n.outputs = std::move(outputs);
  return n;
}

TEST(RandomOutputs, DirectRandomOperatorsDrawTheirOutputs) {
  roofline::OnnxGraphFacts facts;
  facts.nodes = {node("RandomNormal", {}, {"noise"}), node("Relu", {"x"}, {"y"}),
                 node("Multinomial", {"x"}, {"picks"})};
  facts.outputs = {"noise", "y", "picks"};
  EXPECT_EQ(random_outputs(facts), (RandomOutputs{{"noise", "RandomNormal"}, {"picks", "Multinomial"}}));
}

TEST(RandomOutputs, DrawnValuesFlowThroughLaterNodesButNotThroughShape) {
  // An expanded Bernoulli: RandomUniformLike, Less, Cast.
  roofline::OnnxGraphFacts facts;
  facts.nodes = {node("RandomUniformLike", {"x"}, {"u"}), node("Less", {"u", "x"}, {"lt"}), node("Cast", {"lt"}, {"y"}),
                 node("Shape", {"u"}, {"shape"})};
  facts.outputs = {"y", "shape"};
  EXPECT_EQ(random_outputs(facts), (RandomOutputs{{"y", "RandomUniformLike"}}));
}

TEST(RandomOutputs, DropoutDrawsOnlyWithATrainingModeInput) {
  roofline::OnnxGraphFacts facts;
  facts.nodes = {node("Dropout", {"x"}, {"y", "mask"}), node("Dropout", {"x", "r", ""}, {"y2"}),
                 node("Dropout", {"x", "r", "t"}, {"y3", "mask3"})};
  facts.outputs = {"y", "mask", "y2", "y3", "mask3"};
  EXPECT_EQ(random_outputs(facts), (RandomOutputs{{"y3", "Dropout"}, {"mask3", "Dropout"}}));
}

TEST(RandomOutputs, OtherDomainsAndSubgraphNodesDoNotCount) {
  roofline::OnnxGraphFacts facts;
  facts.nodes = {node("RandomNormal", {}, {"a"}), node("RandomNormal", {}, {"b"})};
  facts.nodes[0].domain = "com.example";
  facts.nodes[1].in_subgraph = true;
  facts.outputs = {"a", "b"};
  EXPECT_TRUE(random_outputs(facts).empty());
}

TEST(RandomOutputs, ReadsTheGraphOfAModelFile) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  auto* graph = model.mutable_graph();
  auto* n = graph->add_node();
  n->set_op_type("Bernoulli");
  n->add_input("x");
  n->add_output("y");
  graph->add_output()->set_name("y");
  test::TempDir tmp;
  {
    std::ofstream out(tmp.path() / "m.onnx", std::ios::binary);
    ASSERT_TRUE(model.SerializeToOstream(&out));
  }
  EXPECT_EQ(read_random_outputs(tmp.path() / "m.onnx"), (RandomOutputs{{"y", "Bernoulli"}}));
  try {
    read_random_outputs(tmp.path() / "missing.onnx");
    FAIL() << "a missing model must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--validate cannot read the graph"), std::string::npos);
  }
}

}  // namespace
}  // namespace winml::perf
