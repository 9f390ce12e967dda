#include "perf/target_ci.h"

#include <gtest/gtest.h>

#include <vector>

#include "stats/confidence_interval.h"

namespace winml::perf {
namespace {

// The running tracker agrees with the report's interval (computed from all samples at once) at
// every step, so the run stops exactly when the reported interval meets the target.
TEST(PrecisionTracker, AgreesWithTheReportedIntervalAtEveryStep) {
  const std::vector<double> samples = {20.1, 19.7, 20.4, 25.0, 19.9, 20.0, 20.2, 19.8, 20.3, 20.1};
  PrecisionTracker tracker;
  std::vector<double> so_far;
  for (double x : samples) {
    tracker.add(x);
    so_far.push_back(x);
    const auto expected = relative_half_width(mean_confidence_interval(so_far), summarize(so_far).mean);
    ASSERT_EQ(tracker.relative_half_width().has_value(), expected.has_value()) << so_far.size();
    if (expected) {
      EXPECT_NEAR(*tracker.relative_half_width(), *expected, 1e-12) << so_far.size();
    }
  }
}

TEST(PrecisionTracker, HasNoIntervalBeforeTwoSamplesOrForAZeroMean) {
  PrecisionTracker tracker;
  EXPECT_FALSE(tracker.relative_half_width());
  tracker.add(1.0);
  EXPECT_FALSE(tracker.relative_half_width());
  PrecisionTracker zero;
  zero.add(-1.0);
  zero.add(1.0);
  EXPECT_FALSE(zero.relative_half_width());
}

TEST(TargetCi, NothingWithoutATarget) {
  LoopSettings settings;
  EXPECT_FALSE(assess_target_ci(settings, "latency_ms", summarize({1.0, 2.0}), 2));
}

// A GenAI run whose iterations had no decode step has no decode rate: not met, and the stop is
// told from the iterations run, not from the (empty) metric.
TEST(TargetCi, NoSamplesOfThePrimaryMetricIsNotMet) {
  LoopSettings settings;
  settings.target_ci_pct = 5;
  settings.max_iterations = 3;
  const auto outcome = assess_target_ci(settings, "decode_tokens_per_s", summarize({}), 3);
  ASSERT_TRUE(outcome);
  EXPECT_FALSE(outcome->met);
  EXPECT_FALSE(outcome->half_width_pct);
  EXPECT_EQ(outcome->stopped_by, TargetCiStop::max_iterations);
  EXPECT_NE(target_ci_warning(*outcome, settings).find("no interval"), std::string::npos);
}

}  // namespace
}  // namespace winml::perf
