// Node assignments to placements, their console line and the --no-cpu-fallback refusal (session/placement.h).
#include "session/placement.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace winml::session {
namespace {

using ::testing::HasSubstr;

std::vector<engine::AssignedNode> mixed_graph() {
  return {{"WinmlTestEP", "mm0", "", "MatMul"},
          {"CPUExecutionProvider", "g0", "", "Gather"},
          {"WinmlTestEP", "add0", "", "Add"},
          {"WinmlTestEP", "mm1", "", "MatMul"},
          {"CPUExecutionProvider", "sm", "", "Softmax"},
          {"CPUExecutionProvider", "sk", "com.microsoft", "SkipLayerNormalization"}};
}

TEST(SummarizePlacement, CountsByEpAndOpTypeConfiguredEpFirst) {
  const StagePlacement p = summarize_placement("ctx", "WinmlTestEP", mixed_graph());
  EXPECT_EQ(p.nodes, 6);
  ASSERT_EQ(p.eps.size(), 2u);
  EXPECT_EQ(p.eps[0].ep, "WinmlTestEP");  // configured first, though it took no more than the CPU
  EXPECT_EQ(p.eps[0].nodes, 3);
  EXPECT_EQ(p.eps[0].op_types[0].op_type, "MatMul");
  EXPECT_EQ(p.eps[0].op_types[0].nodes, 2);
  EXPECT_EQ(p.eps[1].op_types[0].op_type, "Gather");  // ties by name
  EXPECT_EQ(p.eps[1].op_types[2].op_type, "com.microsoft.SkipLayerNormalization");
  EXPECT_EQ(p.on_configured(), 3);
  EXPECT_DOUBLE_EQ(p.configured_share(), 0.5);
  ASSERT_EQ(p.cpu_fallback.size(), 3u);
  EXPECT_EQ(p.cpu_fallback[0].name, "g0");
  EXPECT_EQ(p.cpu_fallback[0].op_type, "Gather");
}

TEST(SummarizePlacement, CpuSessionHasNoFallback) {
  const StagePlacement p = summarize_placement("embeddings", "", {{kCpuEpName, "g", "", "Gather"}});
  EXPECT_FALSE(p.accelerated());
  EXPECT_TRUE(p.cpu_fallback.empty());
  EXPECT_DOUBLE_EQ(p.configured_share(), 1.0);
  EXPECT_EQ(placement_line(p), "1 of 1 nodes on CPU (Gather 1)");
}

TEST(SummarizePlacement, EmptyGraphHasNoShare) {
  const StagePlacement p = summarize_placement("x", "WinmlTestEP", {});
  EXPECT_DOUBLE_EQ(p.configured_share(), 0.0);
  EXPECT_EQ(placement_line(p), "0 of 0 nodes on WinmlTestEP");
}

TEST(PlacementLine, NamesTheEpsAndTheirOpTypes) {
  EXPECT_EQ(placement_line(summarize_placement("ctx", "WinmlTestEP", mixed_graph())),
            "3 of 6 nodes on WinmlTestEP (MatMul 2, Add 1); 3 on CPU (Gather 1, Softmax 1, "
            "com.microsoft.SkipLayerNormalization 1)");
  StagePlacement unknown;
  unknown.error = "no such file";
  EXPECT_EQ(placement_line(unknown), "placement unknown: no such file");
}

TEST(CpuFallbackRefusal, NamesStageNodesAndTheFix) {
  const std::string message = cpu_fallback_refusal({summarize_placement("ctx", "WinmlTestEP", mixed_graph())});
  EXPECT_THAT(message, HasSubstr("stage ctx: WinmlTestEP did not take 3 of 6 nodes"));
  EXPECT_THAT(message, HasSubstr("Gather 'g0', Softmax 'sm'"));
  EXPECT_THAT(message, HasSubstr("Drop --no-cpu-fallback"));
}

TEST(CpuFallbackRefusal, CutsALongListShort) {
  std::vector<engine::AssignedNode> nodes;
  for (int i = 0; i < 14; ++i) nodes.push_back({kCpuEpName, "n" + std::to_string(i), "", "Gather"});
  const std::string message = cpu_fallback_refusal({summarize_placement("iter", "WinmlTestEP", nodes)});
  EXPECT_THAT(message, HasSubstr("'n9' and 4 more"));
  EXPECT_THAT(message, ::testing::Not(HasSubstr("'n10'")));
}

}  // namespace
}  // namespace winml::session
