// perf compare's output: the JSON document satisfies docs/compare.schema.json (checked by
// python3-jsonschema), and the schema catches a broken one; the console colours only when asked,
// slower in red and faster in green. The exact text is in the golden tests.
#include "compare/compare_format.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "test_support/golden_reports.h"
#include "test_support/report_schema.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;
using ::testing::HasSubstr;
using ::testing::Not;

// The golden genai report against a copy with every timing scaled by `scale`.
Comparison scaled(double scale) {
  return compare_reports(
      {testing::golden_report("genai.json", "base.json"), testing::scaled_golden("genai.json", "new.json", scale)},
      false);
}

// The text and JSON with the gate --fail-if-slower `limit` sets, when given.
std::string text_of(const Comparison& c, std::optional<double> limit, bool color) {
  return compare_text(c, limit ? std::optional(gate(c, *limit)) : std::nullopt, color);
}

std::string json_of(const Comparison& c, std::optional<double> limit) {
  return compare_json(c, limit ? std::optional(gate(c, *limit)) : std::nullopt);
}

TEST(CompareFormat, JsonSatisfiesTheSchema) {
  for (const double scale : {1.0, 1.2, 0.8}) {
    for (const auto& gate : {std::optional<double>(), std::optional<double>(5.0)}) {
      const auto check = test::check_report(Json::parse(json_of(scaled(scale), gate)), "compare.schema.json");
      EXPECT_TRUE(check.valid()) << check.problems;
    }
  }
}

TEST(CompareFormat, SchemaRejectsABrokenDocument) {
  Json doc = Json::parse(json_of(scaled(1.2), 5.0));
  doc["comparisons"][0]["rows"][0]["metrics"][0]["verdict"] = "maybe";
  const auto check = test::check_report(doc, "compare.schema.json");
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_THAT(check.problems, HasSubstr("/comparisons/0/rows/0/metrics/0/verdict"));
}

TEST(CompareFormat, JsonCarriesTheTestAndTheGate) {
  const Json doc = Json::parse(json_of(scaled(1.2), 5.0));
  EXPECT_EQ(doc["schema_version"], kCompareSchemaVersion);
  const Json& ttft = doc["comparisons"][0]["rows"][0]["metrics"][0];
  EXPECT_EQ(ttft["metric"], "ttft_ms");
  EXPECT_EQ(ttft["verdict"], "slower");
  EXPECT_NEAR(ttft["change_percent"].get<double>(), 20.0, 1e-6);
  EXPECT_LT(ttft["ci_percent"]["low"].get<double>(), 20.0);
  EXPECT_GT(ttft["ci_percent"]["high"].get<double>(), 20.0);
  EXPECT_LT(ttft["p"].get<double>(), 0.05);
  EXPECT_EQ(doc["gate"]["passed"], false);
  EXPECT_EQ(doc["gate"]["regressions"].size(), 2u);
  EXPECT_EQ(Json::parse(json_of(scaled(1.2), std::nullopt))["gate"], nullptr);
}

TEST(CompareFormat, ColourOnlyWhenAskedSlowerRedFasterGreen) {
  EXPECT_THAT(text_of(scaled(1.2), 5.0, false), Not(HasSubstr("\x1b[")));
  EXPECT_THAT(text_of(scaled(1.2), 5.0, true), HasSubstr("\x1b[31mslower"));
  EXPECT_THAT(text_of(scaled(0.8), 5.0, true), HasSubstr("\x1b[32mfaster"));
  EXPECT_THAT(text_of(scaled(1.0), 5.0, true), Not(HasSubstr("\x1b[31m")));
}

TEST(CompareFormat, TextNamesTheTestUnitsAndTheGate) {
  const std::string text = text_of(scaled(1.2), 5.0, false);
  EXPECT_THAT(text, HasSubstr("Welch's t-test"));
  EXPECT_THAT(text, HasSubstr("Fieller"));
  EXPECT_THAT(text, HasSubstr(" ms "));
  EXPECT_THAT(text, HasSubstr(" tok/s "));
  EXPECT_THAT(text, HasSubstr("n/a (one sample)"));
  EXPECT_THAT(text, HasSubstr("gate: 2 primary metrics are significantly slower by more than 5 %"));
  EXPECT_THAT(text_of(scaled(1.0), 5.0, false),
              HasSubstr("gate: no primary metric is significantly slower by more than 5 %"));
}

// A candidate with a single timed iteration: TTFT and decode tok/s have no test.
Comparison one_sample_candidate() {
  document::PerfReportDocument one = testing::scaled_golden("genai.json", "new.json", 1.2);
  Json& timed = one.results[0]["samples"]["timed"];
  timed = Json::array({timed[0]});
  return compare_reports({testing::golden_report("genai.json", "base.json"), one}, false);
}

TEST(CompareFormat, AGateWithoutATestIsNotEvaluated) {
  const std::string text = text_of(one_sample_candidate(), 0.0, false);
  EXPECT_THAT(text, HasSubstr("gate: could not be evaluated: 2 primary metrics have no test (--fail-if-slower; exit "
                              "code 5)"));
  EXPECT_THAT(text, HasSubstr("  TTFT in new.json: 3 base and 1 new samples; a test needs at least 2 on each side"));
  EXPECT_THAT(text, Not(HasSubstr("gate: no primary metric")));
  const Json doc = Json::parse(json_of(one_sample_candidate(), 0.0));
  EXPECT_EQ(doc["gate"]["passed"], false);
  EXPECT_EQ(doc["gate"]["evaluated"], false);
  ASSERT_EQ(doc["gate"]["not_evaluated"].size(), 2u);
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["metric"], "ttft_ms");
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["base_count"], 3);
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["new_count"], 1);
  const auto check = test::check_report(doc, "compare.schema.json");
  EXPECT_TRUE(check.valid()) << check.problems;
  const Json passing = Json::parse(json_of(scaled(1.0), 5.0));
  EXPECT_EQ(passing["gate"]["evaluated"], true);
  EXPECT_EQ(passing["gate"]["not_evaluated"], Json::array());
}

// A report from another machine holds whatever its writer put in: every field the text repeats
// (the differs: lines, the --force lines, row labels, file names) reaches the console escaped,
// and the JSON document carries no raw C1 control.
TEST(CompareFormat, FieldsFromReportsAreEscaped) {
  const std::string evil =
      "cpu\x1b]0;owned\x07\x1b[2J\rFORGED\xc2\x9b"
      "31m";
  document::PerfReportDocument base = testing::golden_report("genai.json", "base\x1b[2J.json");
  document::PerfReportDocument next = testing::scaled_golden("genai.json", "new.json", 1.2);
  base.results[0]["machine"]["cpu_model"] = evil;
  next.results[0]["config"]["prompt"] = "new\nerror: forged";
  // A sweep whose rows are told apart by an EP of that name.
  document::PerfReportDocument two_base = testing::golden_report("genai_sweep.json", "a.json");
  document::PerfReportDocument two_next = testing::golden_report("genai_sweep.json", "b.json");
  two_base.results[3]["config"]["ep"] = two_next.results[3]["config"]["ep"] = "gpu\x1b[31m";
  const Comparison comparison = compare_reports({base, next}, /*force=*/true);
  const Comparison rows = compare_reports({two_base, two_next}, /*force=*/false);
  for (const std::string& text :
       {text_of(comparison, 5.0, false), text_of(rows, 5.0, false), json_of(comparison, 5.0), json_of(rows, 5.0)}) {
    EXPECT_THAT(text, Not(HasSubstr("\x1b"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\r"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\x07"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\xc2\x9b"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\nerror: forged"))) << text;
  }
  const std::string text = text_of(comparison, 5.0, false);
  EXPECT_THAT(text, HasSubstr("new.json against base\\x1b[2J.json"));
  EXPECT_THAT(text, HasSubstr("cpu\\x1b]0;owned\\x07\\x1b[2J\\rFORGED\\u009b31m in base"));
  EXPECT_THAT(text, HasSubstr("not comparable (--force): prompt: "));
  EXPECT_THAT(text, HasSubstr("new\\nerror: forged in new.json"));
  EXPECT_THAT(text_of(rows, 5.0, false), HasSubstr("ep=gpu\\x1b[31m"));
}

}  // namespace
}  // namespace winml::compare
