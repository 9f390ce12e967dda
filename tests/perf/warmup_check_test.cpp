#include "perf/warmup_check.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

TEST(WarmupCheck, CountsLeadingIterationsApartFromTheSteadyState) {
  // Reference (later half) 10.0, 10.2, 9.8, 10.1, 10.0: median 10.0, MAD 0.1 -> band
  // max(3.5 * 1.4826 * 0.1, 2 % of 10) = 0.519 (NumPy/SciPy). 14.0 and 12.5 are out, 10.3 is in.
  const WarmupVerdict v = check_warmup("ttft_ms", {14.0, 12.5, 10.3, 10.1, 9.9, 10.0, 10.2, 9.8, 10.1, 10.0});
  EXPECT_TRUE(v.checked);
  EXPECT_EQ(v.leading_apart, 2u);
  EXPECT_EQ(v.metric, "ttft_ms");
}

TEST(WarmupCheck, SteadyRunIsWarm) {
  EXPECT_EQ(check_warmup("x", {10.1, 9.9, 10.0, 10.2, 9.8, 10.1, 10.0, 9.9}).leading_apart, 0u);
}

TEST(WarmupCheck, ALateOutlierIsNotAWarmupProblem) {
  EXPECT_EQ(check_warmup("x", {10.0, 10.1, 9.9, 10.0, 10.1, 9.9, 15.0, 10.0}).leading_apart, 0u);
}

TEST(WarmupCheck, LeadingRunMustStayOnOneSide) {
  // 13 above, then 7 below: not a trend, so only the first counts.
  EXPECT_EQ(check_warmup("x", {13.0, 7.0, 10.0, 10.1, 9.9, 10.0, 10.1, 9.9}).leading_apart, 1u);
}

TEST(WarmupCheck, FasterStartCountsToo) {
  // A rate that starts high and settles lower (e.g. turbo boost ending) is also not steady.
  EXPECT_EQ(check_warmup("x", {30.0, 29.0, 20.0, 20.1, 19.9, 20.0, 20.1, 19.9}).leading_apart, 2u);
}

TEST(WarmupCheck, TinyDifferencesFromAPerfectlySteadyRunAreIgnored) {
  // MAD 0: only the 2 % floor decides; 1 % apart is warm.
  EXPECT_EQ(check_warmup("x", {1.01, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}).leading_apart, 0u);
}

TEST(WarmupCheck, AtMostHalfTheRunAndNeedsSixSamples) {
  EXPECT_FALSE(check_warmup("x", {9, 9, 1, 1, 1}).checked);
  // Reference samples[4..8) = 9, 1, 1, 1 (median 1): the fifth 9 would be apart too, but the count
  // stops at n / 2.
  EXPECT_EQ(check_warmup("x", {9, 9, 9, 9, 9, 1, 1, 1}).leading_apart, 4u);
}

TEST(WarmupCheck, WarningNamesTheWorstMetricAndTheWarmupToUse) {
  const std::string w = warmup_warning({{"ttft_ms", true, 1}, {"total_ms", true, 3}}, 2);
  EXPECT_NE(w.find("first 3 timed iterations of total_ms"), std::string::npos) << w;
  EXPECT_NE(w.find("--warmup 5"), std::string::npos) << w;
  EXPECT_TRUE(warmup_warning({{"ttft_ms", true, 0}, {"x", false, 0}}, 2).empty());
}

TEST(WarmupCheck, AServingRunAdvisesInWarmupUnitsPastTheFirstWave) {
  const WarmupScale serving{2, 8, 8, "timed request"};
  EXPECT_EQ(suggested_warmup(8, serving), 0u);   // the first wave alone
  EXPECT_EQ(suggested_warmup(9, serving), 3u);   // one past it: one more conversation per slot
  EXPECT_EQ(suggested_warmup(16, serving), 3u);  // a whole wave past it
  EXPECT_EQ(suggested_warmup(17, serving), 4u);
  EXPECT_EQ(warmup_warning({{"ttft_ms", true, 8}}, serving), "");
  const std::string w = warmup_warning({{"ttft_ms", true, 10}}, serving);
  EXPECT_NE(w.find("first 10 timed requests of ttft_ms differ"), std::string::npos) << w;
  EXPECT_NE(w.find("past the first 8, admitted together"), std::string::npos) << w;
  EXPECT_NE(w.find("--warmup 3 (or more: 24 warmup conversations)"), std::string::npos) << w;
}

}  // namespace
}  // namespace winml::perf
