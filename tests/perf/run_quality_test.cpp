#include "perf/run_quality.h"

#include <gtest/gtest.h>

#include <vector>

namespace winml::perf {
namespace {

TEST(RunQuality, ReachIsPlusMinusWhenSymmetricAndBothEndsWhenCut) {
  EXPECT_EQ(reach_text({0.071, 0.071}), "±7.1 %");
  EXPECT_EQ(reach_text({1, 2.203}), "-100.0 %/+220.3 %");
}

// One slow iteration among three fast ones: a t interval of the mean of ±220 %, which would say
// the mean might be -120 ms. The warning gives the interval as cut at 0: -100 % at most.
// An interval cut at 0 is not printed as a bound of -100 %: its cut end is named.
TEST(RunQuality, HighVariationWarningSaysAnIntervalWasCutAtZero) {
  const Summary latency = summarize({0.010, 0.010, 0.010, 0.100});
  const RunQuality q = assess_run({{"latency_ms", &latency, {0.010, 0.010, 0.010, 0.100}}}, 0);
  ASSERT_EQ(q.high_cv.size(), 1u);
  EXPECT_EQ(q.high_cv[0].metric, "latency_ms");
  EXPECT_DOUBLE_EQ(q.high_cv[0].cv, latency.cv);
  ASSERT_EQ(q.warnings.size(), 1u);
  EXPECT_NE(q.warnings[0].find("its 95 % interval is +220.3 % and cut at 0 below"), std::string::npos) << q.warnings[0];
}

TEST(RunQuality, WarningsKeepEveryMetricAndTheWarmupSentenceApart) {
  const std::vector<double> warming = {30, 25, 20, 10, 10.1, 9.9, 10, 10.2};
  const Summary a = summarize(warming), b = summarize(warming);
  const RunQuality q = assess_run({{"ttft_ms", &a, warming}, {"total_ms", &b, warming}}, 1);
  ASSERT_EQ(q.high_cv.size(), 2u);
  ASSERT_FALSE(q.warmup_warning.empty());
  ASSERT_EQ(q.warnings.size(), 3u);  // two metrics, then the warmup
  EXPECT_EQ(q.warnings[2], q.warmup_warning);
  EXPECT_TRUE(q.target_ci_warning.empty());
}

}  // namespace
}  // namespace winml::perf
