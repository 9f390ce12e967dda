// Reports produced by the JSON reporter must validate against docs/report.schema.json, and the
// schema must be strict enough to catch a broken report.
#include <gtest/gtest.h>

#include <fstream>

#include "fixtures.h"
#include "json_schema_validator.h"
#include "report/json_reporter.h"

namespace winml::report {
namespace {

using nlohmann::json;

json load_schema() {
  std::ifstream in(std::string(WINML_TEST_SOURCE_DIR) + "/docs/report.schema.json");
  EXPECT_TRUE(in) << "docs/report.schema.json is missing";
  return json::parse(in);
}

std::string joined(const std::vector<std::string>& errors) {
  std::string out;
  for (const auto& e : errors) out += e + "\n";
  return out;
}

class ReportSchema : public ::testing::Test {
 protected:
  testing::JsonSchemaValidator validator{load_schema()};
  json genai = json::parse(JsonReporter().render(testing::genai_fixture()));
  json onnx = json::parse(JsonReporter().render(testing::onnx_fixture()));
};

TEST_F(ReportSchema, DeclaresDraft202012) {
  EXPECT_EQ(load_schema()["$schema"], "https://json-schema.org/draft/2020-12/schema");
}

TEST_F(ReportSchema, EveryFixtureValidates) {
  for (const json& doc : {genai, onnx, json::parse(JsonReporter().render(testing::genai_budget_fixture())),
                          json::parse(JsonReporter().render(testing::onnx_budget_fixture()))}) {
    const auto errors = validator.validate(doc);
    EXPECT_TRUE(errors.empty()) << doc["kind"] << ":\n" << joined(errors);
  }
}

TEST_F(ReportSchema, SchemaVersionAndKind) {
  EXPECT_EQ(genai["schema_version"], kSchemaVersion);
  EXPECT_EQ(genai["kind"], "genai");
  EXPECT_EQ(onnx["kind"], "onnx");
  json wrong_version = genai;
  wrong_version["schema_version"] = 2;
  EXPECT_FALSE(validator.validate(wrong_version).empty());
  json wrong_kind = genai;
  wrong_kind["kind"] = "onnx";  // a genai body under the onnx kind
  EXPECT_FALSE(validator.validate(wrong_kind).empty());
}

TEST_F(ReportSchema, MissingMetricIsCaught) {
  json doc = genai;
  doc["metrics"]["ttft_ms"].erase("p99");
  EXPECT_FALSE(validator.validate(doc).empty());
  doc = onnx;
  doc["metrics"].erase("samples_per_s");
  EXPECT_FALSE(validator.validate(doc).empty());
}

TEST_F(ReportSchema, UnknownKeyIsCaught) {
  json doc = genai;
  doc["metrics"]["ttft_s"] = 1.0;  // a duration not in milliseconds would be a new key: rejected
  EXPECT_FALSE(validator.validate(doc).empty());
  doc = onnx;
  doc["config"]["inputs"][0]["dtype"] = "float";
  EXPECT_FALSE(validator.validate(doc).empty());
}

TEST_F(ReportSchema, WrongTypesAndRangesAreCaught) {
  json doc = genai;
  doc["samples"]["timed"][0]["decode_ms"][0] = -1.0;
  EXPECT_FALSE(validator.validate(doc).empty());
  doc = genai;
  doc["config"]["generated_tokens"]["total"] = "10";
  EXPECT_FALSE(validator.validate(doc).empty());
  doc = genai;
  doc["preparation"][0]["action"] = "guessed";
  EXPECT_FALSE(validator.validate(doc).empty());
  doc = onnx;
  doc["config"]["batch_size"] = 0;
  EXPECT_FALSE(validator.validate(doc).empty());
}

TEST_F(ReportSchema, DurationsAreMillisecondsAndRatesPerSecond) {
  // 0.0123456789 s of prefill -> 12.345679 ms (rounded to the nanosecond).
  EXPECT_EQ(genai["samples"]["timed"][0]["prefill_ms"], 12.345679);
  EXPECT_EQ(genai["metrics"]["load_ms"], 421.5);
  EXPECT_EQ(genai["config"]["compile_timeout_ms"], 300000.0);
  EXPECT_EQ(genai["metrics"]["decode_tokens_per_s"], 100.0);  // 7 steps in 70 ms
  EXPECT_EQ(onnx["metrics"]["batches_per_s"], 190.839695);
  EXPECT_EQ(onnx["samples"]["timed_ms"].size(), 10u);
  EXPECT_EQ(genai["samples"]["timed"][2]["decode_ms"], json::array({10.3}));
  EXPECT_EQ(genai["samples"]["warmup"].size(), 2u);
}

}  // namespace
}  // namespace winml::report
