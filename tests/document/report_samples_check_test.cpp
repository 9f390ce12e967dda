// Samples that cannot be are refused when a report is read, with the file, the JSON path and the
// value named: compare, merge and report all read through parse_perf_report, which checks them.
#include "document/report_samples_check.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "document/perf_report_document.h"
#include "test_support/compare_fixtures.h"
#include "winml/errors.h"

namespace winml::document {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

Json genai_report(const Json& result) {
  return {{"schema_version", 2},
          {"kind", "genai"},
          {"methods", Json::object()},
          {"sweep", {{"axes", Json::array()}, {"combinations", 1}}},
          {"results", Json::array({result})}};
}

Json onnx_report(const Json& samples) {
  Json result = testing::onnx_results(1)[0];
  result["samples"] = samples;
  return {{"schema_version", 2},
          {"kind", "onnx"},
          {"methods", Json::object()},
          {"sweep", {{"axes", Json::array()}, {"combinations", 1}}},
          {"results", Json::array({result})}};
}

// The message parse_perf_report refuses `text` with; "" when it accepts it.
std::string sample_refusal(const std::string& text) {
  try {
    parse_perf_report(text, "r.json");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

std::string sample_refusal(const Json& doc) { return sample_refusal(doc.dump()); }

// A genai report whose first timed sample has `key` set to `value` (JSON text, so that numbers
// JSON cannot hold are written as a file would hold them).
std::string with_timed(const std::string& key, const std::string& value) {
  Json result = testing::genai_result(1);
  result["samples"]["timed"][2][key] = "@VALUE@";
  std::string text = genai_report(result).dump();
  text.replace(text.find("\"@VALUE@\""), 9, value);
  return text;
}

TEST(ReportSamplesCheck, ReportsWinmlWritesPass) {
  EXPECT_EQ(sample_refusal(genai_report(testing::genai_result(1))), "");
  EXPECT_EQ(sample_refusal(onnx_report({{"first_run_ms", 7.5}, {"warmup_ms", {5.0}}, {"timed_ms", {5.0, 4.9}}})), "");
  // Nothing recorded: absent or null arrays, an empty samples object, -0.
  EXPECT_EQ(sample_refusal(onnx_report(Json::object())), "");
  EXPECT_EQ(sample_refusal(onnx_report({{"timed_ms", nullptr}, {"first_run_ms", nullptr}})), "");
  EXPECT_EQ(sample_refusal(with_timed("prefill_ms", "-0.0")), "");
}

TEST(ReportSamplesCheck, NegativeTimesAreRefusedNamingThePath) {
  EXPECT_THAT(sample_refusal(onnx_report({{"timed_ms", {1.0, 2.0, 3.0, -999}}})),
              HasSubstr("r.json: results[0].samples.timed_ms[3] is -999, a time cannot be negative"));
  EXPECT_THAT(sample_refusal(with_timed("prefill_ms", "-5")),
              HasSubstr("r.json: results[0].samples.timed[2].prefill_ms is -5, a time cannot be negative"));
  Json result = testing::genai_result(1);
  result["samples"]["timed"][1]["decode_ms"][3] = -1.5;
  EXPECT_THAT(sample_refusal(genai_report(result)),
              HasSubstr("results[0].samples.timed[1].decode_ms[3] is -1.5, a time cannot be negative"));
  EXPECT_THAT(sample_refusal(onnx_report({{"first_run_ms", -1}})), HasSubstr("samples.first_run_ms is -1"));
}

TEST(ReportSamplesCheck, WrongTypesAndNonFiniteNumbersAreRefused) {
  EXPECT_THAT(sample_refusal(with_timed("first_token_ms", "\"NaN\"")),
              HasSubstr("samples.timed[2].first_token_ms is \"NaN\", not a number of milliseconds"));
  // JSON text cannot hold an infinity (1e999 is refused as it is read), but a document can.
  EXPECT_NE(sample_refusal(with_timed("total_ms", "1e999")), "");
  PerfReportDocument doc = parse_perf_report(genai_report(testing::genai_result(1)).dump(), "r.json");
  doc.results[0]["samples"]["timed"][2]["total_ms"] = std::numeric_limits<double>::infinity();
  try {
    check_report_samples(doc);
    ADD_FAILURE() << "an infinite time passed";
  } catch (const UsageError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("samples.timed[2].total_ms is not a finite number of milliseconds"));
  }
  EXPECT_THAT(sample_refusal(with_timed("input_tokens", "-3")),
              HasSubstr("input_tokens is -3, a count cannot be negative"));
  EXPECT_THAT(sample_refusal(with_timed("input_tokens", "2.5")), HasSubstr("input_tokens is 2.5, not a whole number"));
  EXPECT_THAT(sample_refusal(with_timed("decode_ms", "{}")),
              HasSubstr("samples.timed[2].decode_ms is {}, not an array"));
  EXPECT_THAT(sample_refusal(onnx_report({{"timed_ms", "fast"}})),
              HasSubstr("samples.timed_ms is \"fast\", not an array"));
  EXPECT_THAT(sample_refusal(onnx_report({{"timed_ms", {1.0, true}}})), HasSubstr("samples.timed_ms[1] is true"));
  EXPECT_THAT(sample_refusal(onnx_report(Json::array())), HasSubstr("results[0].samples is [], not an object"));
  Json result = testing::genai_result(1);
  result["samples"]["timed"][0] = 12;
  EXPECT_THAT(sample_refusal(genai_report(result)), HasSubstr("samples.timed[0] is 12, not an object"));
}

TEST(ReportSamplesCheck, MissingKeysAreRefused) {
  Json result = testing::genai_result(1);
  result["samples"]["timed"][4].erase("prefill_ms");
  EXPECT_THAT(sample_refusal(genai_report(result)),
              HasSubstr("r.json: results[0].samples.timed[4].prefill_ms is missing"));
  result = testing::genai_result(1);
  result["samples"]["warmup"] = Json::array({result["samples"]["timed"][0]});
  result["samples"]["warmup"][0].erase("decode_ms");
  EXPECT_THAT(sample_refusal(genai_report(result)), HasSubstr("samples.warmup[0].decode_ms is missing"));
}

TEST(ReportSamplesCheck, ColdStartsAreChecked) {
  Json result = testing::genai_result(1);
  const Json first = result["samples"]["timed"][0];
  result["samples"]["cold"] = Json::array({{{"load", {{"model_ms", 10}, {"total_ms", -4}}}, {"first", first}}});
  EXPECT_THAT(sample_refusal(genai_report(result)), HasSubstr("samples.cold[0].load.total_ms is -4"));
  result["samples"]["cold"] = Json::array({{{"load", {{"model_ms", 10}}}}});
  EXPECT_THAT(sample_refusal(genai_report(result)), HasSubstr("samples.cold[0].first is missing"));
}

TEST(ReportSamplesCheck, Version1PathsStartAtTheTop) {
  Json doc = {{"schema_version", 1}, {"kind", "onnx"}, {"methods", Json::object()}};
  doc.update(testing::onnx_results(1)[0]);
  doc["samples"]["timed_ms"][1] = -2;
  EXPECT_THAT(sample_refusal(doc), HasSubstr("r.json: samples.timed_ms[1] is -2, a time cannot be negative"));
}

TEST(ReportSamplesCheck, QuotedValuesAreShortAndPrintable) {
  const std::string message =
      sample_refusal(with_timed("prefill_ms", "\"\\u001b]0;pwned\\u0007" + std::string(500, 'x') + "\""));
  EXPECT_THAT(message, HasSubstr("prefill_ms is \"\\u001b]0;pwned\\u0007xxx"));
  EXPECT_EQ(message.find('\x1b'), std::string::npos);
  EXPECT_LT(message.size(), 300u);
}

}  // namespace
}  // namespace winml::document
