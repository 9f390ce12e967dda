// The --fail-if-slower gate, decided once: its outcome and the failure the command raises, on
// reports the real writer wrote (tests/report/golden).
#include "compare/gate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support/golden_reports.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;
using ::testing::HasSubstr;

Comparison against_scaled_copy(double factor) {
  return compare_reports(
      {testing::golden_report("genai.json", "base.json"), testing::scaled_golden("genai.json", "new.json", factor)},
      false);
}

TEST(Gate, NothingSlowerPasses) {
  const Comparison c = against_scaled_copy(1);
  const GateVerdict verdict = gate(c, 5);
  EXPECT_EQ(verdict.outcome(), GateOutcome::passed);
  EXPECT_EQ(verdict.limit_percent, 5);
  EXPECT_EQ(verdict.failure(), "");
}

TEST(Gate, SlowerThanAllowedRegressesNamingEachMetric) {
  const Comparison c = against_scaled_copy(1.2);
  const GateVerdict verdict = gate(c, 5);
  EXPECT_EQ(verdict.outcome(), GateOutcome::regressed);
  ASSERT_EQ(verdict.regressions.size(), 2u);
  EXPECT_TRUE(verdict.not_evaluated.empty());
  EXPECT_EQ(verdict.failure(),
            "significantly slower by more than --fail-if-slower 5 %: TTFT 20.0 % slower in new.json; decode tok/s "
            "16.7 % slower in new.json");
  EXPECT_EQ(gate(c, 25).outcome(), GateOutcome::passed) << "20 % is within a 25 % gate";
}

TEST(Gate, AMetricWithoutATestIsNotEvaluated) {
  document::PerfReportDocument one = testing::scaled_golden("genai.json", "new.json", 1.2);
  Json& timed = one.results[0]["samples"]["timed"];
  timed = Json::array({timed[0]});
  const Comparison c = compare_reports({testing::golden_report("genai.json", "base.json"), one}, false);
  const GateVerdict verdict = gate(c, 0);
  EXPECT_EQ(verdict.outcome(), GateOutcome::not_evaluated);
  EXPECT_THAT(verdict.failure(), HasSubstr("--fail-if-slower 0 could not be evaluated"));
  EXPECT_THAT(verdict.failure(), HasSubstr("TTFT in new.json: 3 base and 1 new samples"));
  EXPECT_THAT(verdict.failure(), HasSubstr("(--iterations 2 or more)"));
  EXPECT_EQ(gate_finding_text(verdict.not_evaluated.at(0), true),
            "TTFT in new.json: 3 base and 1 new samples; a test needs at least 2 on each side");
}

}  // namespace
}  // namespace winml::compare
