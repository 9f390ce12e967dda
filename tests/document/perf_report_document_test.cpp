#include "document/perf_report_document.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "report/json_reporter.h"
#include "test_support/golden_reports.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::document {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

Json result(int prompt_tokens) {
  return {
      {"config", {{"prompt_tokens", prompt_tokens}}}, {"machine", Json::object()}, {"metrics", {{"iterations", 3}}}};
}

Json version1() {
  Json doc = {{"schema_version", 1}, {"kind", "genai"}, {"methods", {{"stddev", "n-1"}}}};
  doc.update(result(23));
  return doc;
}

Json version2() {
  return {{"schema_version", 2},
          {"kind", "onnx"},
          {"methods", Json::object()},
          {"sweep", {{"axes", Json::array()}, {"combinations", 2}}},
          {"results", {result(16), result(32)}}};
}

// The message of the UsageError that parsing `text` throws; empty when it throws none.
std::string refusal(const std::string& text) {
  try {
    parse_perf_report(text, "r.json");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(PerfReportDocument, Version1IsOneResultWithoutTheDocumentFields) {
  const PerfReportDocument doc = parse_perf_report(version1().dump(), "old.json");
  EXPECT_EQ(doc.source, "old.json");
  EXPECT_EQ(doc.schema_version, 1);
  EXPECT_EQ(doc.kind, "genai");
  EXPECT_TRUE(doc.sweep.is_null());
  ASSERT_EQ(doc.results.size(), 1u);
  EXPECT_EQ(doc.results[0]["config"]["prompt_tokens"], 23);
  for (const char* key : {"schema_version", "kind", "methods"}) EXPECT_FALSE(doc.results[0].contains(key)) << key;
}

TEST(PerfReportDocument, Version2KeepsItsResultsAndSweep) {
  const PerfReportDocument doc = parse_perf_report(version2().dump(), "sweep.json");
  EXPECT_EQ(doc.schema_version, 2);
  EXPECT_EQ(doc.kind, "onnx");
  EXPECT_EQ(doc.sweep["combinations"], 2);
  ASSERT_EQ(doc.results.size(), 2u);
  EXPECT_EQ(doc.results[1]["config"]["prompt_tokens"], 32);
}

// A sampled run's "resources" object (tests/report/golden/*_resources.json, written by the real
// writer) is read back whole with its result, so perf report, compare and merge see it.
TEST(PerfReportDocument, ResourcesAreReadBackWithTheirResult) {
  for (const char* name : {"genai_resources.json", "onnx_resources.json"}) {
    const Json written = Json::parse(testing::golden_report_text(name));
    const PerfReportDocument doc = testing::golden_report(name, name);
    ASSERT_EQ(doc.results.size(), 1u) << name;
    ASSERT_TRUE(doc.results[0].contains("resources")) << name;
    EXPECT_EQ(doc.results[0]["resources"], written["results"][0]["resources"]) << name;
    EXPECT_EQ(doc.results[0]["resources"]["timeline"].size(), 40u) << name;
  }
}

TEST(PerfReportDocument, RefusesWhatIsNotAReportNamingTheProblem) {
  EXPECT_THAT(refusal("{\"schema_version\": 1,"), HasSubstr("not valid JSON"));
  EXPECT_THAT(refusal("[1, 2]"), HasSubstr("not a JSON object"));
  EXPECT_THAT(refusal("{\"kind\": \"genai\"}"), HasSubstr("no integer schema_version"));
  EXPECT_THAT(refusal("{\"schema_version\": 0, \"kind\": \"genai\"}"), HasSubstr("schema_version 0"));
  Json doc = version1();
  doc["kind"] = "llama";
  EXPECT_THAT(refusal(doc.dump()), HasSubstr("kind is not"));
  doc = version1();
  doc.erase("metrics");
  EXPECT_THAT(refusal(doc.dump()), HasSubstr("no \"metrics\" object"));
  doc = version2();
  doc["results"] = Json::array();
  EXPECT_THAT(refusal(doc.dump()), HasSubstr("no \"results\" array"));
  doc = version2();
  doc["results"][1].erase("config");
  EXPECT_THAT(refusal(doc.dump()), HasSubstr("results[1] has no \"config\" object"));
  EXPECT_THAT(refusal(doc.dump()), HasSubstr("r.json is not a winml perf report"));
}

TEST(PerfReportDocument, ANewerVersionAsksForANewerWinml) {
  Json doc = version2();
  doc["schema_version"] = report::kSchemaVersion + 1;
  const std::string message = refusal(doc.dump());
  EXPECT_THAT(message, HasSubstr("schema_version " + std::to_string(report::kSchemaVersion + 1)));
  EXPECT_THAT(message, HasSubstr("newer winml"));
}

TEST(PerfReportDocument, DeepNestingIsRefusedBeforeItIsBuilt) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_THAT(refusal(deep), HasSubstr("levels deep"));
}

TEST(PerfReportDocument, ReadsFilesAndRefusesMissingFoldersAndHugeOnes) {
  test::TempDir dir;
  const auto path = dir.path() / "r.json";
  std::ofstream(path) << version1().dump();
  EXPECT_EQ(read_perf_report(path).source, path.string());
  EXPECT_THROW(read_perf_report(dir.path() / "missing.json"), UsageError);
  EXPECT_THROW(read_perf_report(dir.path()), UsageError);
  const auto huge = dir.path() / "huge.json";
  std::ofstream(huge).close();
  std::filesystem::resize_file(huge, kMaxReportFileBytes + 1);  // sparse: nothing is written
  try {
    read_perf_report(huge);
    FAIL() << "a file over the limit was read";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("larger than"));
  }
}

}  // namespace
}  // namespace winml::document
