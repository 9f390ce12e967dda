// Reports produced by the JSON reporter must validate against docs/report.schema.json (checked by
// python3-jsonschema), and the schema must be strict enough to catch a broken report.
#include <gtest/gtest.h>

#include <fstream>

#include "fixtures.h"
#include "report/json_reporter.h"
#include "resources_fixture.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"

namespace winml::report {
namespace {

using nlohmann::json;

json load_schema() {
  std::ifstream in(std::string(WINML_TEST_SOURCE_DIR) + "/docs/report.schema.json");
  EXPECT_TRUE(in) << "docs/report.schema.json is missing";
  return json::parse(in);
}

class ReportSchema : public ::testing::Test {
 protected:
  json genai = json::parse(JsonReporter().render(testing::genai_fixture()));
  json onnx = json::parse(JsonReporter().render(testing::onnx_fixture()));
  json genai_sweep = json::parse(JsonReporter().render(testing::genai_sweep_fixture()));
  json onnx_sweep = json::parse(JsonReporter().render(testing::onnx_sweep_fixture()));
};

TEST_F(ReportSchema, DeclaresDraft202012) {
  EXPECT_EQ(load_schema()["$schema"], "https://json-schema.org/draft/2020-12/schema");
}

TEST_F(ReportSchema, EveryFixtureValidates) {
  for (const json& doc :
       {genai, onnx, genai_sweep, onnx_sweep, json::parse(JsonReporter().render(testing::genai_budget_fixture())),
        json::parse(JsonReporter().render(testing::onnx_budget_fixture())),
        json::parse(JsonReporter().render(testing::genai_resources_fixture())),
        json::parse(JsonReporter().render(testing::onnx_resources_fixture()))}) {
    const auto check = test::check_report(doc);
    EXPECT_TRUE(check.valid()) << doc["kind"] << ":\n" << check.problems;
  }
}

// The validator must reject `doc` (exit 1, not a crash or an unreadable file) and name `pointer`,
// the key the mutation broke, so a test cannot pass because something else was wrong.
void expect_rejected(const json& doc, const std::string& pointer) {
  const auto check = test::check_report(doc);
  EXPECT_EQ(check.exit_code, 1) << check.problems;
  EXPECT_NE(check.problems.find(": " + pointer + ": "), std::string::npos)
      << "expected a violation at " << pointer << ", got:\n"
      << check.problems;
}

TEST_F(ReportSchema, SchemaVersionAndKind) {
  EXPECT_EQ(genai["schema_version"], kSchemaVersion);
  EXPECT_EQ(genai["kind"], "genai");
  EXPECT_EQ(onnx["kind"], "onnx");
  json wrong_version = genai;
  wrong_version["schema_version"] = 1;  // version 1 had the result at the top level
  expect_rejected(wrong_version, "/schema_version");
  json wrong_kind = genai;
  wrong_kind["kind"] = "onnx";  // a genai body under the onnx kind
  expect_rejected(wrong_kind, "/kind");
}

// An interrupted run says how far it got; a run that finished has no such key.
TEST_F(ReportSchema, AnInterruptedRunSaysHowFarItGot) {
  EXPECT_FALSE(genai.contains("interrupted"));
  auto stopped = testing::genai_sweep_fixture();
  stopped.interrupted = perf::Interruption{4, 4, 1};
  json doc = json::parse(JsonReporter().render(stopped));
  EXPECT_EQ(doc["interrupted"],
            json::parse(R"({"combinations_planned": 4, "combinations_reported": 4, "combinations_cut_short": 1})"));
  EXPECT_TRUE(test::check_report(doc).valid()) << test::check_report(doc).problems;
  auto onnx_stopped = testing::onnx_sweep_fixture();
  onnx_stopped.interrupted = perf::Interruption{8, 2, 0};
  EXPECT_TRUE(test::check_report(json::parse(JsonReporter().render(onnx_stopped))).valid());
  doc["interrupted"]["combinations_reported"] = 0;  // an interrupted report holds at least one result
  expect_rejected(doc, "/interrupted/combinations_reported");
}

// A plain run is a sweep of one combination without axes; a sweep lists its axes outermost first
// and holds one result per combination, each checked like a plain run's.
TEST_F(ReportSchema, SweepAxesAndResults) {
  EXPECT_EQ(genai["sweep"], json::parse(R"({"axes": [], "combinations": 1})"));
  EXPECT_EQ(genai["results"].size(), 1u);
  EXPECT_EQ(genai_sweep["sweep"]["combinations"], 4);
  EXPECT_EQ(genai_sweep["sweep"]["axes"][0], json::parse(R"({"name": "threads", "values": [1, 2]})"));
  EXPECT_EQ(genai_sweep["results"].size(), 4u);
  EXPECT_EQ(onnx_sweep["sweep"]["axes"][0], json::parse(R"({"name": "ep", "values": ["cpu", "test"]})"));
  json doc = genai_sweep;
  doc["results"][3]["metrics"].erase("ttft_ms");
  expect_rejected(doc, "/results/3/metrics");
  doc = genai_sweep;
  doc["sweep"]["axes"][0]["name"] = "colour";
  expect_rejected(doc, "/sweep/axes/0/name");
  doc = genai_sweep;
  doc["sweep"].erase("combinations");
  expect_rejected(doc, "/sweep");
  doc = genai;
  doc["results"] = json::array();
  expect_rejected(doc, "/results");
}

TEST_F(ReportSchema, MissingMetricIsCaught) {
  json doc = genai;
  test::first_result(doc)["metrics"]["ttft_ms"].erase("stddev");
  expect_rejected(doc, "/results/0/metrics/ttft_ms");
  doc = onnx;
  test::first_result(doc)["metrics"].erase("samples_per_s");
  expect_rejected(doc, "/results/0/metrics");
}

// Percentile keys follow --percentiles: any pN or pN_D is a percentile, anything else is unknown.
TEST_F(ReportSchema, PercentileKeysFollowTheList) {
  json doc = genai;
  test::first_result(doc)["metrics"]["ttft_ms"]["p99_9"] = 1.5;
  test::first_result(doc)["metrics"]["ttft_ms"].erase("p95");
  test::first_result(doc)["metrics"]["decode_timeline"][0]["p99_99"] = 10.3;
  EXPECT_TRUE(test::check_report(doc).valid()) << test::check_report(doc).problems;
  test::first_result(doc)["metrics"]["ttft_ms"]["p99.9"] = 1.5;  // the key form is p99_9
  expect_rejected(doc, "/results/0/metrics/ttft_ms");
}

TEST_F(ReportSchema, UnknownKeyIsCaught) {
  json doc = genai;
  test::first_result(doc)["metrics"]["ttft_s"] = 1.0;  // a duration not in milliseconds would be a new key: rejected
  expect_rejected(doc, "/results/0/metrics");
  doc = onnx;
  test::first_result(doc)["config"]["inputs"][0]["dtype"] = "float";
  expect_rejected(doc, "/results/0/config/inputs/0");
}

TEST_F(ReportSchema, WrongTypesAndRangesAreCaught) {
  json doc = genai;
  test::first_result(doc)["samples"]["timed"][0]["decode_ms"][0] = -1.0;
  expect_rejected(doc, "/results/0/samples/timed/0/decode_ms/0");
  doc = genai;
  test::first_result(doc)["config"]["generated_tokens"]["total"] = "10";
  expect_rejected(doc, "/results/0/config/generated_tokens/total");
  doc = genai;
  test::first_result(doc)["preparation"][0]["action"] = "guessed";
  expect_rejected(doc, "/results/0/preparation/0/action");
  doc = onnx;
  test::first_result(doc)["config"]["batch_size"] = 0;
  expect_rejected(doc, "/results/0/config/batch_size");
}

TEST_F(ReportSchema, ThreadsInEffectAreStatedAndChecked) {
  const json& threads = test::first_result(genai)["config"]["threads"];
  EXPECT_EQ(threads["requested"], nullptr);
  EXPECT_EQ(threads["source"], "mixed");
  EXPECT_EQ(threads["stages"][0], json::parse(R"({"stage": "ctx", "intra_op_threads": 2, "source": "bundle"})"));
  EXPECT_EQ(threads["stages"][1]["source"], "runtime default");
  EXPECT_EQ(threads["runtime_default"]["intra_op_threads"], 4);  // half the fixture's 8 logical cores
  EXPECT_EQ(test::first_result(onnx)["config"]["threads"]["intra_op_threads"], 4);  // its 4 physical cores
  EXPECT_EQ(test::first_result(onnx)["machine"]["physical_cores"], 4);
  json doc = genai;
  test::first_result(doc)["config"]["threads"]["source"] = "guessed";
  expect_rejected(doc, "/results/0/config/threads/source");
  doc = onnx;
  test::first_result(doc)["config"]["threads"]["requested"] = 0;
  expect_rejected(doc, "/results/0/config/threads/requested");
  doc = onnx;
  test::first_result(doc)["config"]["threads"]["stages"][0].erase("source");
  expect_rejected(doc, "/results/0/config/threads/stages/0");
  // Reports written before the threads object existed stay valid.
  doc = genai;
  test::first_result(doc)["config"].erase("threads");
  test::first_result(doc)["machine"].erase("physical_cores");
  EXPECT_TRUE(test::check_report(doc).valid());
}

// The roofline: units in the names, the probe used named, nulls where nothing was probed, and a
// broken value or an older report without the object handled.
TEST_F(ReportSchema, RooflineIsStatedWithUnitsAndChecked) {
  const json& roofline = test::first_result(genai)["metrics"]["roofline"];
  EXPECT_EQ(roofline["decode"]["weight_bytes_per_step"], 400'000'000);
  EXPECT_EQ(roofline["decode"]["read_bandwidth_gb_per_s"], 50.25);  // the better probe's best read
  EXPECT_EQ(roofline["decode"]["read_bandwidth_from"], "before");
  EXPECT_EQ(roofline["bandwidth_probes"]["after"]["read"]["best_gb_per_s"], 49.5);
  EXPECT_EQ(roofline["memory"]["weights_bytes"], 420'000'000);
  const json budget = json::parse(JsonReporter().render(testing::genai_budget_fixture()));
  const json& unprobed = test::first_result(budget)["metrics"]["roofline"];
  EXPECT_EQ(unprobed["decode"]["fraction_of_read_bandwidth"], nullptr);
  EXPECT_EQ(unprobed["decode"]["read_bandwidth_from"], nullptr);
  EXPECT_EQ(unprobed["bandwidth_probes"]["before"], nullptr);
  EXPECT_EQ(unprobed["bandwidth_probes"]["skipped"], "off");
  EXPECT_EQ(roofline["bandwidth_probes"]["skipped"], nullptr);
  EXPECT_EQ(roofline["decode"]["in_cache"], false);
  {
    json bad = genai;
    test::first_result(bad)["metrics"]["roofline"]["bandwidth_probes"]["skipped"] = "tired";
    expect_rejected(bad, "/results/0/metrics/roofline/bandwidth_probes/skipped");
  }
  {
    // Reports written before the skip rule lack its keys, and stay valid.
    json old = genai;
    auto& r = test::first_result(old)["metrics"]["roofline"];
    r["bandwidth_probes"].erase("skipped");
    r["bandwidth_probes"].erase("last_level_cache_bytes");
    r["decode"].erase("in_cache");
    EXPECT_TRUE(test::check_report(old).valid());
  }

  json doc = genai;
  test::first_result(doc)["metrics"]["roofline"]["decode"]["achieved_gb_per_s"] = -1.0;
  expect_rejected(doc, "/results/0/metrics/roofline/decode/achieved_gb_per_s");
  doc = genai;
  test::first_result(doc)["metrics"]["roofline"]["memory"].erase("kv_cache_bytes");
  expect_rejected(doc, "/results/0/metrics/roofline/memory");
  doc = genai;
  test::first_result(doc)["metrics"]["roofline"]["decode"]["read_bandwidth_from"] = "cached";
  expect_rejected(doc, "/results/0/metrics/roofline/decode/read_bandwidth_from");
  // A bundle whose weights could not be counted has a null roofline; older reports have none.
  doc = genai;
  test::first_result(doc)["metrics"]["roofline"] = nullptr;
  EXPECT_TRUE(test::check_report(doc).valid());
  test::first_result(doc)["metrics"].erase("roofline");
  EXPECT_TRUE(test::check_report(doc).valid());
}

TEST_F(ReportSchema, TimestampCarriesItsUtcOffset) {
  // A local time without its offset is ambiguous; RFC 3339 with Z or +hh:mm is not.
  for (const char* stamp : {"2026-07-10T14:30:05Z", "2026-07-10T20:00:05+05:30", "2026-07-10T09:30:05-05:00"}) {
    json doc = genai;
    test::first_result(doc)["config"]["timestamp"] = stamp;
    EXPECT_TRUE(test::check_report(doc).valid()) << stamp;
  }
  for (const char* stamp : {"2026-07-10T14:30:05", "2026-07-10 14:30:05+00:00", "20260710-143005"}) {
    json doc = onnx;
    test::first_result(doc)["config"]["timestamp"] = stamp;
    expect_rejected(doc, "/results/0/config/timestamp");
  }
}

TEST_F(ReportSchema, DurationsAreMillisecondsAndRatesPerSecond) {
  // 0.0123456789 s of prefill -> 12.345679 ms (rounded to the nanosecond).
  EXPECT_EQ(test::first_result(genai)["samples"]["timed"][0]["prefill_ms"], 12.345679);
  EXPECT_EQ(test::first_result(genai)["metrics"]["load_ms"], 421.5);
  EXPECT_EQ(test::first_result(genai)["config"]["compile_timeout_ms"], 300000.0);
  EXPECT_EQ(test::first_result(genai)["metrics"]["decode_tokens_per_s"], 100.0);  // 7 steps in 70 ms
  EXPECT_EQ(test::first_result(onnx)["metrics"]["batches_per_s"], 190.839695);
  EXPECT_EQ(test::first_result(onnx)["samples"]["timed_ms"].size(), 10u);
  EXPECT_EQ(test::first_result(genai)["samples"]["timed"][2]["decode_ms"], json::array({10.3}));
  EXPECT_EQ(test::first_result(genai)["samples"]["warmup"].size(), 2u);
}

// The schema must hold a "resources" object to its shape: a misspelt key or a negative figure fails.
TEST_F(ReportSchema, RejectsBrokenResources) {
  const json sampled = json::parse(JsonReporter().render(testing::genai_resources_fixture()));
  json negative = sampled;
  negative["results"][0]["resources"]["cpu"][0]["busy_cores"] = -1;
  expect_rejected(negative, "/results/0/resources/cpu/0/busy_cores");
  json unknown_phase = sampled;
  unknown_phase["results"][0]["resources"]["spans"][0]["phase"] = "boot";
  expect_rejected(unknown_phase, "/results/0/resources/spans/0/phase");
  json extra = sampled;
  extra["results"][0]["resources"]["energy"]["joules_per_token"] = 1;
  expect_rejected(extra, "/results/0/resources/energy");
}

}  // namespace
}  // namespace winml::report
