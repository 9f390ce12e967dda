#include "perf/quality_summary.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml::perf {
namespace {

RunQuality varying(std::vector<std::pair<std::string, double>> metrics) {
  RunQuality q;
  for (const auto& [name, cv] : metrics) {
    q.high_cv.push_back({name, cv, RelativeReach{cv, cv}});
    q.warnings.push_back(high_variation_warning(q.high_cv.back(), q.cv_threshold));
  }
  return q;
}

bool starts_with(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

TEST(QualitySummary, NothingWhenEveryCheckPassed) {
  const RunQuality clean;
  EXPECT_TRUE(quality_summary({{"", &clean}, {"threads=2", &clean}}).empty());
}

TEST(QualitySummary, OneHighVariationIsItsWarningAsIs) {
  const RunQuality q = varying({{"latency_ms", 0.2}});
  EXPECT_EQ(quality_summary({{"", &q}}), q.warnings);
  EXPECT_EQ(quality_summary({{"batch=2", &q}}), std::vector<std::string>{"batch=2: " + q.warnings[0]});
}

// The sweep of issue 23: 4 combinations whose 4 metrics all vary printed 16 lines; now one,
// naming the worst and counting the rest, while every result keeps its own warnings.
TEST(QualitySummary, ASweepOfVaryingMetricsSaysSoOnceNamingTheWorst) {
  std::vector<RunQuality> runs;
  for (double base : {0.11, 0.12, 0.13, 0.14}) {
    runs.push_back(
        varying({{"ttft_ms", base}, {"tpot_ms", base + 0.2}, {"decode_tokens_per_s", base}, {"total_ms", base}}));
  }
  std::vector<LabelledQuality> labelled;
  for (std::size_t i = 0; i < runs.size(); ++i) labelled.push_back({"threads=" + std::to_string(i + 1), &runs[i]});
  const std::vector<std::string> lines = quality_summary(labelled);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(starts_with(lines[0],
                          "threads=4: tpot_ms varies the most between iterations (coefficient of "
                          "variation 34.0 % > 10 %, its 95 % interval ±34.0 %), and 15 more metrics vary "
                          "above 10 %, in 4 of the 4 combinations: each is in the report"))
      << lines[0];
  EXPECT_EQ(runs[0].warnings.size(), 4u);
}

TEST(QualitySummary, CountsAgreeWithOneMore) {
  const RunQuality q = varying({{"ttft_ms", 0.3}, {"total_ms", 0.2}});
  const std::vector<std::string> lines = quality_summary({{"", &q}});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("ttft_ms varies the most"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("and 1 more metric varies above 10 %: each"), std::string::npos) << lines[0];
}

TEST(QualitySummary, WarmupAndTargetWarningsComeOnceEachAfterTheVariation) {
  RunQuality a = varying({{"latency_ms", 0.2}}), b, c;
  a.warmup_warning = "warmup looks too short: A; rerun with --warmup 3 (or more)";
  a.suggested_warmup = 3;
  b.warmup_warning = "warmup looks too short: B; rerun with --warmup 7 (or more)";
  b.suggested_warmup = 7;
  c.warmup_warning = "warmup looks too short: C; rerun with --warmup 5 (or more)";
  c.suggested_warmup = 5;
  b.target_ci = TargetCiOutcome{"latency_ms", 1, false, 4.0, 100, TargetCiStop::max_iterations};
  b.target_ci_warning = "--target-ci 1 not met: B";
  c.target_ci = TargetCiOutcome{"latency_ms", 1, false, 9.0, 100, TargetCiStop::max_iterations};
  c.target_ci_warning = "--target-ci 1 not met: C";
  const std::vector<std::string> lines = quality_summary({{"x=1", &a}, {"x=2", &b}, {"x=3", &c}});
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(starts_with(lines[0], "x=1: latency_ms varies a lot")) << lines[0];
  EXPECT_EQ(lines[1],
            "x=2: warmup looks too short: B; rerun with --warmup 7 (or more) (the same in 2 more "
            "combinations: each is in the report's metrics.quality (-f json))");
  EXPECT_EQ(lines[2],
            "x=3: --target-ci 1 not met: C (the same in 1 more combination: each is in the report's "
            "metrics.quality (-f json))");
}

}  // namespace
}  // namespace winml::perf
