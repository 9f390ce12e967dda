#include "perf/sweep_plan.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::perf {
namespace {

TEST(SweepPlan, APlainRunIsOneCombinationWithoutAxes) {
  const SweepPlan plan = plan_sweep(SweepAxes{});
  EXPECT_TRUE(plan.facts.axes.empty());
  EXPECT_EQ(plan.facts.combinations, 1u);
  ASSERT_EQ(plan.combinations.size(), 1u);
  EXPECT_EQ(plan.combinations[0].label, "");
  EXPECT_EQ(plan.combinations[0].run.max_new_tokens, 128);
  EXPECT_FALSE(plan.combinations[0].load.threads);
}

// Load settings are the outer axes, in a fixed order whatever the flags' order; values keep the
// order given; only settings with several values are axes and appear in labels.
TEST(SweepPlan, LoadSettingsOutsideRunSettingsInside) {
  SweepAxes axes;
  axes.prompt_tokens = {256, 64};
  axes.max_new_tokens = {32};
  axes.threads = {2, 1};
  axes.depths = {0, 512};
  const SweepPlan plan = plan_sweep(axes);
  ASSERT_EQ(plan.facts.axes.size(), 3u);
  EXPECT_EQ(plan.facts.axes[0], (SweepAxis{"threads", {std::int64_t{2}, std::int64_t{1}}}));
  EXPECT_EQ(plan.facts.axes[1].name, "prompt_tokens");
  EXPECT_EQ(plan.facts.axes[2].name, "depth");
  EXPECT_EQ(plan.facts.combinations, 8u);
  std::vector<std::string> labels;
  for (const auto& c : plan.combinations) labels.push_back(c.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"threads=2 pp=256 depth=0", "threads=2 pp=256 depth=512",
                                              "threads=2 pp=64 depth=0", "threads=2 pp=64 depth=512",
                                              "threads=1 pp=256 depth=0", "threads=1 pp=256 depth=512",
                                              "threads=1 pp=64 depth=0", "threads=1 pp=64 depth=512"}));
  for (std::size_t i = 0; i < plan.combinations.size(); ++i) {
    EXPECT_EQ(plan.combinations[i].index, i);
    EXPECT_EQ(plan.combinations[i].run.max_new_tokens, 32);
  }
}

TEST(SweepPlan, EveryCombinationIsDistinct) {
  SweepAxes axes;
  axes.eps = {"cpu", "test"};
  axes.devices = {"cpu", "npu"};
  axes.batch_sizes = {1, 2, 4};
  const SweepPlan plan = plan_sweep(axes);
  ASSERT_EQ(plan.combinations.size(), 12u);
  for (std::size_t i = 0; i < plan.combinations.size(); ++i) {
    for (std::size_t j = i + 1; j < plan.combinations.size(); ++j) {
      const auto& a = plan.combinations[i];
      const auto& b = plan.combinations[j];
      EXPECT_FALSE(a.load == b.load && a.run == b.run) << a.label << " twice";
    }
  }
  EXPECT_EQ(plan.combinations.front().label, "ep=cpu device=cpu batch=1");
  EXPECT_EQ(plan.combinations.back().label, "ep=test device=npu batch=4");
}

// One group per distinct load setting, each a contiguous run; a slice of the plan (a shard) groups
// the same way.
TEST(SweepPlan, LoadGroupsAreRunsOfOneLoadSetting) {
  SweepAxes axes;
  axes.threads = {1, 2, 4};
  axes.max_new_tokens = {8, 16};
  const SweepPlan plan = plan_sweep(axes);
  const auto groups = load_groups(plan.combinations);
  ASSERT_EQ(groups.size(), 3u);
  for (const auto& g : groups) {
    EXPECT_EQ(g.size(), 2u);
    EXPECT_EQ(g[0].load, g[1].load);
  }
  EXPECT_EQ(groups[2][0].load.threads, 4);
  const auto slice = load_groups(std::span(plan.combinations).subspan(1, 3));
  ASSERT_EQ(slice.size(), 2u);
  EXPECT_EQ(slice[0].size(), 1u);
  EXPECT_EQ(slice[1].size(), 2u);
  EXPECT_TRUE(load_groups({}).empty());
}

TEST(SweepPlan, TooManyCombinationsIsAUsageErrorNamingTheAxes) {
  SweepAxes axes;
  axes.threads = {1, 2, 3, 4};
  for (int i = 1; i <= 300; ++i) axes.max_new_tokens.push_back(i);
  axes.max_new_tokens.erase(axes.max_new_tokens.begin());  // the default 128 stays once
  try {
    plan_sweep(axes);
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("1200 combinations (4 threads x 300 tg)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("more than the 1024"), std::string::npos) << e.what();
  }
}

// Rounds interleave: every round runs every combination in plan order (A B C, A B C), never one
// combination's rounds back to back.
TEST(SweepPlan, RoundsInterleaveTheCombinations) {
  SweepAxes axes;
  axes.max_new_tokens = {1, 2, 3};
  const SweepPlan plan = plan_sweep(axes);
  std::vector<std::pair<std::size_t, std::size_t>> order;  // (round, position)
  for (const ScheduledRun& run : schedule_rounds(plan.combinations, 2)) order.emplace_back(run.round, run.position);
  EXPECT_EQ(order, (std::vector<std::pair<std::size_t, std::size_t>>{{1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}));
}

// One load setting loads once for every round; several reload each group in every round.
TEST(SweepPlan, RoundsReloadOnlyWhenThereAreSeveralLoadSettings) {
  SweepAxes one_load;
  one_load.prompt_tokens = {16, 64};
  std::vector<bool> loads;
  for (const ScheduledRun& run : schedule_rounds(plan_sweep(one_load).combinations, 3)) loads.push_back(run.loads);
  EXPECT_EQ(loads, (std::vector<bool>{true, false, false, false, false, false}));

  SweepAxes two_loads;
  two_loads.threads = {1, 2};
  two_loads.prompt_tokens = {16, 64};
  loads.clear();
  for (const ScheduledRun& run : schedule_rounds(plan_sweep(two_loads).combinations, 2)) loads.push_back(run.loads);
  EXPECT_EQ(loads, (std::vector<bool>{true, false, true, false, true, false, true, false}));

  EXPECT_EQ(schedule_rounds(plan_sweep(SweepAxes{}).combinations, 1).size(), 1u);
  EXPECT_THROW(schedule_rounds(plan_sweep(SweepAxes{}).combinations, 0), std::invalid_argument);
  EXPECT_THROW(schedule_rounds(plan_sweep(SweepAxes{}).combinations, kMaxRounds + 1), std::invalid_argument);
}

}  // namespace
}  // namespace winml::perf
