// Summing session runs by stage, EP and operator type; top nodes; the CPU share.
#include "profile/profile_summary.h"

#include <gtest/gtest.h>

#include <numeric>

namespace winml::profile {
namespace {

SessionRun summary_run(const std::string& stage, double dur, std::vector<NodeTime> nodes) {
  return {stage, 0, dur, std::move(nodes)};
}

NodeTime summary_node(const std::string& name, const std::string& op, const std::string& ep, double us) {
  return {name, op, ep, 0, us};
}

std::vector<SessionRun> two_stage_runs() {
  return {summary_run("ctx", 100,
                      {summary_node("mm0", "MatMul", "WinmlTestEP", 40), summary_node("add0", "Add", "WinmlTestEP", 10),
                       summary_node("g", "Gather", kCpuEp, 30)}),
          summary_run("head", 30, {summary_node("mm1", "MatMul", "WinmlTestEP", 20)}),
          summary_run("ctx", 50, {summary_node("mm0", "MatMul", "WinmlTestEP", 0)})};
}

TEST(ProfileSummary, SharesAddUpToTheNodeTime) {
  PhaseProfile p = summarize_phase("prefill", two_stage_runs(), 1, 10, true);
  EXPECT_EQ(p.runs, 3u);
  EXPECT_DOUBLE_EQ(p.run_us, 180);
  EXPECT_DOUBLE_EQ(p.node_us, 100);
  for (const auto* groups : {&p.stages, &p.eps, &p.op_types}) {
    double us = 0, share = 0;
    for (const TimeShare& g : *groups) {
      us += g.us;
      share += g.share;
    }
    EXPECT_DOUBLE_EQ(us, p.node_us);
    EXPECT_NEAR(share, 1.0, 1e-12);
  }
  ASSERT_EQ(p.stages.size(), 2u);
  EXPECT_EQ(p.stages[0].name, "ctx");  // order of first appearance
  EXPECT_EQ(p.stages[0].count, 4u);
  EXPECT_DOUBLE_EQ(p.stages[0].us, 80);
  ASSERT_EQ(p.eps.size(), 2u);
  EXPECT_EQ(p.eps[0].name, "WinmlTestEP");
  EXPECT_DOUBLE_EQ(p.eps[0].share, 0.7);
  EXPECT_EQ(p.op_types[0].name, "MatMul");
  EXPECT_EQ(p.op_types[0].count, 3u);
  ASSERT_TRUE(p.cpu_share);
  EXPECT_DOUBLE_EQ(*p.cpu_share, 0.3);
}

TEST(ProfileSummary, CellsAndTopNodes) {
  PhaseProfile p = summarize_phase("decode", two_stage_runs(), 2, 2, false);
  EXPECT_EQ(p.steps, 2u);
  ASSERT_EQ(p.top.size(), 2u);
  EXPECT_EQ(p.top[0].node, "mm0");
  EXPECT_EQ(p.top[0].count, 2u);  // both runs of ctx
  EXPECT_DOUBLE_EQ(p.top[0].share, 0.4);
  EXPECT_EQ(p.top[1].node, "g");
  EXPECT_FALSE(p.cpu_share);  // no accelerator configured
  double cell_us =
      std::accumulate(p.cells.begin(), p.cells.end(), 0.0, [](double sum, const ProfileCell& c) { return sum + c.us; });
  EXPECT_DOUBLE_EQ(cell_us, 100);
  EXPECT_EQ(p.cells[0].stage, "ctx");
  EXPECT_EQ(p.cells[0].op_type, "MatMul");
}

TEST(ProfileSummary, EmptyRunsGiveZeroSharesNotNan) {
  PhaseProfile p = summarize_phase("run 1", {summary_run("model", 5, {})}, 1, 10, true);
  EXPECT_DOUBLE_EQ(p.node_us, 0);
  ASSERT_EQ(p.stages.size(), 1u);
  EXPECT_DOUBLE_EQ(p.stages[0].share, 0);
  ASSERT_TRUE(p.cpu_share);
  EXPECT_DOUBLE_EQ(*p.cpu_share, 0);
}

TEST(ProfileSummary, PooledCpuShareWeighsByNodeTime) {
  PhaseProfile a = summarize_phase("prefill", two_stage_runs(), 1, 10, true);  // 30 of 100
  PhaseProfile b = summarize_phase("decode", {summary_run("ctx", 10, {summary_node("g", "Gather", kCpuEp, 100)})}, 1,
                                   10, true);  // 100 of 100
  ASSERT_TRUE(pooled_cpu_share({a, b}));
  EXPECT_DOUBLE_EQ(*pooled_cpu_share({a, b}), 130.0 / 200.0);
  EXPECT_FALSE(pooled_cpu_share({summarize_phase("x", two_stage_runs(), 1, 1, false)}));
}

}  // namespace
}  // namespace winml::profile
