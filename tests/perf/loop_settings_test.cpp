#include "perf/loop_settings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "winml/errors.h"

namespace winml::perf {
namespace {

TEST(LoopSettings, CountModeRunsExactlyTheCount) {
  LoopSettings s;
  s.iterations = 3;
  EXPECT_TRUE(should_start_timed_iteration(s, 0, 0));
  EXPECT_TRUE(should_start_timed_iteration(s, 2, 1e9));  // elapsed time is irrelevant without a budget
  EXPECT_FALSE(should_start_timed_iteration(s, 3, 0));
}

TEST(LoopSettings, BudgetStopsStartingIterationsOnceSpent) {
  LoopSettings s;
  s.iterations = 1;  // ignored under a budget
  s.duration_s = 2.0;
  EXPECT_TRUE(should_start_timed_iteration(s, 1, 0.5));
  EXPECT_TRUE(should_start_timed_iteration(s, 5, 1.999));
  EXPECT_FALSE(should_start_timed_iteration(s, 5, 2.0));
  EXPECT_FALSE(should_start_timed_iteration(s, 5, 3.0));
}

TEST(LoopSettings, BudgetAlwaysRunsAtLeastOneIteration) {
  LoopSettings s;
  s.duration_s = 0.001;
  EXPECT_TRUE(should_start_timed_iteration(s, 0, 10.0));
  EXPECT_FALSE(should_start_timed_iteration(s, 1, 10.0));
}

TEST(LoopSettings, BudgetIsCappedByMaxIterations) {
  LoopSettings s;
  s.duration_s = 100.0;
  s.max_iterations = 4;
  EXPECT_TRUE(should_start_timed_iteration(s, 3, 1.0));
  EXPECT_FALSE(should_start_timed_iteration(s, 4, 1.0));
}

TEST(LoopSettings, TargetCiRunsTheMinimumThenStopsWhenTheIntervalIsNarrowEnough) {
  LoopSettings s;
  s.iterations = 3;
  s.target_ci_pct = 2;
  s.max_iterations = 10;
  EXPECT_TRUE(should_start_timed_iteration(s, 0, 0));
  EXPECT_TRUE(should_start_timed_iteration(s, 2, 0, 0.001));  // below the minimum: the interval does not matter
  EXPECT_TRUE(should_start_timed_iteration(s, 3, 0, 0.021));  // ±2.1 % > 2 %
  EXPECT_TRUE(should_start_timed_iteration(s, 3, 0));         // no interval yet
  EXPECT_FALSE(should_start_timed_iteration(s, 3, 0, 0.02));  // within the target
  EXPECT_FALSE(should_start_timed_iteration(s, 10, 0, 0.5));  // --max-iterations
  s.duration_s = 5;
  EXPECT_TRUE(should_start_timed_iteration(s, 4, 4.9, 0.5));
  EXPECT_FALSE(should_start_timed_iteration(s, 4, 5.0, 0.5));  // --duration
  EXPECT_FALSE(should_start_timed_iteration(s, 1, 5.0));       // the bounds win over the minimum
  EXPECT_TRUE(should_start_timed_iteration(s, 0, 9.0));        // but one iteration always runs
}

TEST(LoopSettings, TargetCiRequestsAreCheckedAndGetADefaultCap) {
  LoopRequest request;
  request.target_ci_pct = 2;
  LoopSettings loop = resolve_loop(request, 10, 2);
  EXPECT_EQ(loop.iterations, 10u);
  EXPECT_EQ(loop.max_iterations, 100u);  // kTargetCiDefaultMaxFactor x the runtime's default
  request.iterations = 500;
  EXPECT_EQ(resolve_loop(request, 10, 2).max_iterations, 500u);  // never below the minimum
  request.duration_s = 30;  // a bound under --target-ci, so it may come with --iterations
  EXPECT_EQ(resolve_loop(request, 10, 2).duration_s, 30.0);

  auto message = [](const LoopRequest& r) {
    try {
      resolve_loop(r, 10, 2);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  for (double bad : {0.0, -1.0, 100.0, 250.0, std::numeric_limits<double>::quiet_NaN()}) {
    LoopRequest r;
    r.target_ci_pct = bad;
    EXPECT_NE(message(r).find("--target-ci"), std::string::npos) << bad;
  }
  LoopRequest below;
  below.target_ci_pct = 2;
  below.iterations = 20;
  below.max_iterations = 10;
  EXPECT_NE(message(below).find("--max-iterations 10 is below --iterations 20"), std::string::npos);
  LoopRequest cap_alone;
  cap_alone.max_iterations = 10;
  EXPECT_NE(message(cap_alone).find("--max-iterations bounds --target-ci or --duration"), std::string::npos);
  LoopRequest both;
  both.duration_s = 5;
  both.iterations = 3;
  EXPECT_NE(message(both).find("--duration and --iterations exclude each other"), std::string::npos);
}

TEST(LoopSettings, ValidationNamesTheFlag) {
  LoopSettings zero;
  zero.iterations = 0;
  try {
    validate(zero);
    FAIL() << "iterations 0 accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--iterations"), std::string::npos);
  }
  for (double bad : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    LoopSettings s;
    s.duration_s = bad;
    EXPECT_THROW(validate(s), UsageError) << bad;
  }
  LoopSettings budget;
  budget.iterations = 0;  // a budget replaces the count, so 0 is fine
  budget.duration_s = 5;
  EXPECT_NO_THROW(validate(budget));
  budget.max_iterations = 0;
  EXPECT_THROW(validate(budget), UsageError);
  EXPECT_NO_THROW(validate(LoopSettings{}));
}

TEST(LoopSettings, CountsBeyondTheCapAreUsageErrors) {
  LoopSettings s;
  s.iterations = kMaxIterations;
  s.warmup = kMaxIterations;
  EXPECT_NO_THROW(validate(s));
  s.iterations = kMaxIterations + 1;
  EXPECT_THROW(validate(s), UsageError);
  s.iterations = 10;
  s.warmup = std::numeric_limits<std::size_t>::max();  // would exhaust memory in reserve()
  EXPECT_THROW(validate(s), UsageError);
  s.duration_s = 5.0;  // the warmup cap holds under a time budget too
  EXPECT_THROW(validate(s), UsageError);
}

TEST(LoopSettings, ResolveFillsUnsetCountsFromTheRuntimeDefaults) {
  auto defaults = resolve_loop({}, 10, 2);
  EXPECT_EQ(defaults.iterations, 10u);
  EXPECT_EQ(defaults.warmup, 2u);
  EXPECT_FALSE(defaults.duration_s);
  auto given = resolve_loop({7, 0, std::nullopt, std::nullopt, std::nullopt}, 100, 10);
  EXPECT_EQ(given.iterations, 7u);
  EXPECT_EQ(given.warmup, 0u);
  EXPECT_FALSE(given.duration_s);
  auto budget = resolve_loop({std::nullopt, 0, 3.5, std::nullopt, std::nullopt}, 100, 10);
  EXPECT_EQ(budget.duration_s, 3.5);
}

TEST(LoopSettings, ResolveValidates) {
  EXPECT_THROW(resolve_loop({std::nullopt, std::nullopt, -1.0, std::nullopt, std::nullopt}, 10, 2), UsageError);
}

}  // namespace
}  // namespace winml::perf
