// perf compare's output: the JSON document satisfies docs/compare.schema.json (checked by
// python3-jsonschema), and the schema catches a broken one; the console colours only when asked,
// slower in red and faster in green. The exact text is in the golden tests.
#include "compare/compare_format.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support/compare_fixtures.h"
#include "test_support/report_schema.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;
using ::testing::HasSubstr;
using ::testing::Not;

Comparison scaled(double scale) {
  return compare_reports({testing::document("base.json", Json::array({testing::genai_result(1)})),
                          testing::document("new.json", Json::array({testing::genai_result(scale)}))},
                         false);
}

TEST(CompareFormat, JsonSatisfiesTheSchema) {
  for (const double scale : {1.0, 1.2, 0.8}) {
    for (const auto& gate : {std::optional<double>(), std::optional<double>(5.0)}) {
      const auto check = test::check_report(Json::parse(compare_json(scaled(scale), gate)), "compare.schema.json");
      EXPECT_TRUE(check.valid()) << check.problems;
    }
  }
}

TEST(CompareFormat, SchemaRejectsABrokenDocument) {
  Json doc = Json::parse(compare_json(scaled(1.2), 5.0));
  doc["comparisons"][0]["rows"][0]["metrics"][0]["verdict"] = "maybe";
  const auto check = test::check_report(doc, "compare.schema.json");
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_THAT(check.problems, HasSubstr("/comparisons/0/rows/0/metrics/0/verdict"));
}

TEST(CompareFormat, JsonCarriesTheTestAndTheGate) {
  const Json doc = Json::parse(compare_json(scaled(1.2), 5.0));
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
  EXPECT_EQ(Json::parse(compare_json(scaled(1.2), std::nullopt))["gate"], nullptr);
}

TEST(CompareFormat, ColourOnlyWhenAskedSlowerRedFasterGreen) {
  EXPECT_THAT(compare_text(scaled(1.2), 5.0, false), Not(HasSubstr("\x1b[")));
  EXPECT_THAT(compare_text(scaled(1.2), 5.0, true), HasSubstr("\x1b[31mslower"));
  EXPECT_THAT(compare_text(scaled(0.8), 5.0, true), HasSubstr("\x1b[32mfaster"));
  EXPECT_THAT(compare_text(scaled(1.0), 5.0, true), Not(HasSubstr("\x1b[31m")));
}

TEST(CompareFormat, TextNamesTheTestUnitsAndTheGate) {
  const std::string text = compare_text(scaled(1.2), 5.0, false);
  EXPECT_THAT(text, HasSubstr("Welch's t-test"));
  EXPECT_THAT(text, HasSubstr("Fieller"));
  EXPECT_THAT(text, HasSubstr(" ms "));
  EXPECT_THAT(text, HasSubstr(" tok/s "));
  EXPECT_THAT(text, HasSubstr("n/a (one sample)"));
  EXPECT_THAT(text, HasSubstr("gate: 2 primary metrics are significantly slower by more than 5 %"));
  EXPECT_THAT(compare_text(scaled(1.0), 5.0, false),
              HasSubstr("gate: no primary metric is significantly slower by more than 5 %"));
}

// A candidate with a single timed iteration: TTFT and decode tok/s have no test.
Comparison one_sample_candidate() {
  Json one = testing::genai_result(1.2);
  one["samples"]["timed"] = Json::array({one["samples"]["timed"][0]});
  return compare_reports({testing::document("base.json", Json::array({testing::genai_result(1)})),
                          testing::document("new.json", Json::array({one}))},
                         false);
}

TEST(CompareFormat, AGateWithoutATestIsNotEvaluated) {
  const std::string text = compare_text(one_sample_candidate(), 0.0, false);
  EXPECT_THAT(text, HasSubstr("gate: could not be evaluated: 2 primary metrics have no test (--fail-if-slower; exit "
                              "code 5)"));
  EXPECT_THAT(text, HasSubstr("  TTFT in new.json: 8 base and 1 new samples; a test needs at least 2 on each side"));
  EXPECT_THAT(text, Not(HasSubstr("gate: no primary metric")));
  const Json doc = Json::parse(compare_json(one_sample_candidate(), 0.0));
  EXPECT_EQ(doc["gate"]["passed"], false);
  EXPECT_EQ(doc["gate"]["evaluated"], false);
  ASSERT_EQ(doc["gate"]["not_evaluated"].size(), 2u);
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["metric"], "ttft_ms");
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["base_count"], 8);
  EXPECT_EQ(doc["gate"]["not_evaluated"][0]["new_count"], 1);
  const auto check = test::check_report(doc, "compare.schema.json");
  EXPECT_TRUE(check.valid()) << check.problems;
  const Json passing = Json::parse(compare_json(scaled(1.0), 5.0));
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
  Json base = testing::genai_result(1);
  Json next = testing::genai_result(1.2);
  base["machine"]["cpu_model"] = evil;
  next["config"]["prompt"] = "new\nerror: forged";
  Json two_base = Json::array({testing::genai_result(1, 1), testing::genai_result(1, 2)});
  Json two_next = Json::array({testing::genai_result(1, 1), testing::genai_result(1, 2)});
  two_base[1]["config"]["ep"] = two_next[1]["config"]["ep"] = "gpu\x1b[31m";
  const Comparison comparison = compare_reports(
      {testing::document("base\x1b[2J.json", Json::array({base})), testing::document("new.json", Json::array({next}))},
      /*force=*/true);
  const Comparison rows =
      compare_reports({testing::document("a.json", two_base), testing::document("b.json", two_next)}, /*force=*/false);
  for (const std::string& text : {compare_text(comparison, 5.0, false), compare_text(rows, 5.0, false),
                                  compare_json(comparison, 5.0), compare_json(rows, 5.0)}) {
    EXPECT_THAT(text, Not(HasSubstr("\x1b"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\r"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\x07"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\xc2\x9b"))) << text;
    EXPECT_THAT(text, Not(HasSubstr("\nerror: forged"))) << text;
  }
  const std::string text = compare_text(comparison, 5.0, false);
  EXPECT_THAT(text, HasSubstr("new.json against base\\x1b[2J.json"));
  EXPECT_THAT(text, HasSubstr("cpu\\x1b]0;owned\\x07\\x1b[2J\\rFORGED\\u009b31m in base"));
  EXPECT_THAT(text, HasSubstr("not comparable (--force): prompt: "));
  EXPECT_THAT(text, HasSubstr("new\\nerror: forged in new.json"));
  EXPECT_THAT(compare_text(rows, 5.0, false), HasSubstr("ep=gpu\\x1b[31m"));
}

}  // namespace
}  // namespace winml::report
