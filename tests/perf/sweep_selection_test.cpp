#include "perf/sweep_selection.h"

#include <gtest/gtest.h>

#include <string>

#include "winml/errors.h"

namespace winml::perf {
namespace {

SweepPlan two_threads_three_prompts() {
  SweepAxes axes;
  axes.threads = {1, 2};
  axes.prompt_tokens = {64, 128, 256};
  return plan_sweep(axes);
}

TEST(SweepSelection, WithoutAShardEveryCombinationIsSelected) {
  const SweepPlan plan = two_threads_three_prompts();
  const auto selected = selected_combinations(plan, std::nullopt);
  EXPECT_EQ(selected.data(), plan.combinations.data());
  EXPECT_EQ(selected.size(), 6u);
}

TEST(SweepSelection, AShardSelectsItsContiguousSlice) {
  const SweepPlan plan = two_threads_three_prompts();
  const auto second = selected_combinations(plan, Shard{2, 4});  // 6 over 4: sizes 2 2 1 1
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(second[0].index, 2u);
  EXPECT_EQ(second[1].index, 3u);
  const auto last = selected_combinations(plan, Shard{4, 4});
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].index, 5u);
}

TEST(SweepSelection, AnEmptyShardIsAUsageError) {
  EXPECT_THROW(selected_combinations(plan_sweep(SweepAxes{}), Shard{1, 2}), UsageError);
}

// Six combinations over two load settings: each setting is resolved once, in plan order.
TEST(SweepSelection, LoadChoicesResolveEachLoadSettingOnce) {
  const SweepPlan plan = two_threads_three_prompts();
  std::vector<int> resolved;
  const LoadChoices<std::string> choices(plan.combinations, [&](const LoadSettings& load) {
    resolved.push_back(load.threads.value_or(0));
    return "threads " + std::to_string(load.threads.value_or(0));
  });
  EXPECT_EQ(resolved, (std::vector<int>{1, 2}));
  const auto choose = choices.chooser();
  EXPECT_EQ(choose(plan.combinations[0].load), "threads 1");
  EXPECT_EQ(choose(plan.combinations[5].load), "threads 2");
}

TEST(SweepSelection, AChooserRefusesALoadSettingOutsideItsCombinations) {
  const SweepPlan plan = two_threads_three_prompts();
  const LoadChoices<int> choices(selected_combinations(plan, Shard{1, 2}), [](const LoadSettings&) { return 1; });
  const auto choose = choices.chooser();
  EXPECT_EQ(choose(plan.combinations[0].load), 1);
  EXPECT_THROW(choose(plan.combinations[5].load), std::logic_error);  // threads 2 is in the other shard
}

}  // namespace
}  // namespace winml::perf
