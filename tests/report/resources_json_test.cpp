// The "resources" object of a result: written from ResourceUsage in the report's units, and only
// when the run was sampled.
#include "report/resources_json.h"

#include <gtest/gtest.h>

#include "report/json_reporter.h"
#include "resources_fixture.h"

namespace winml::report {
namespace {

using nlohmann::json;

TEST(ResourcesJson, AbsentWhenNotSampled) {
  perf::GenaiPerfResult r = testing::genai_resources_fixture();
  r.context.resources = {};
  const json doc = json::parse(JsonReporter().render(r));
  EXPECT_FALSE(doc["results"][0].contains("resources"));
}

TEST(ResourcesJson, CpuByPhaseInReportUnits) {
  const json doc = json_fields::resources_object(testing::genai_usage_fixture(), 8);
  const json& decode = doc["cpu"][3];
  EXPECT_EQ(decode["phase"], "decode");
  EXPECT_DOUBLE_EQ(decode["wall_ms"].get<double>(), 2200);
  EXPECT_DOUBLE_EQ(decode["cpu_ms"].get<double>(), 3960);
  EXPECT_DOUBLE_EQ(decode["busy_cores"].get<double>(), 1.8);
  // The other-load figure's core count (2) wins over the machine's given here (8).
  EXPECT_DOUBLE_EQ(decode["share_of_cores"].get<double>(), 0.9);
  EXPECT_DOUBLE_EQ(doc["sample_interval_ms"].get<double>(), 100);
  EXPECT_DOUBLE_EQ(doc["sampler_cpu_ms"].get<double>(), 4);
}

TEST(ResourcesJson, ShareOfCoresFromTheMachineOrNull) {
  resources::ResourceUsage u = testing::genai_usage_fixture();
  u.other.reset();
  EXPECT_DOUBLE_EQ(json_fields::resources_object(u, 4)["cpu"][3]["share_of_cores"].get<double>(), 0.45);
  EXPECT_TRUE(json_fields::resources_object(u, 0)["cpu"][3]["share_of_cores"].is_null());
  EXPECT_TRUE(json_fields::resources_object(u, 4)["other_load"].is_null());
}

TEST(ResourcesJson, OtherLoadPeakAndSources) {
  const json doc = json_fields::resources_object(testing::genai_usage_fixture(), 2);
  EXPECT_EQ(doc["other_load"]["noisy"], true);
  EXPECT_EQ(doc["other_load"]["cores"], 2);
  EXPECT_EQ(doc["rss_peak"]["rss_bytes"], 900'000'000);
  EXPECT_DOUBLE_EQ(doc["rss_peak"]["t_ms"].get<double>(), 1300);
  EXPECT_EQ(doc["rss_peak"]["phase"], "warmup");
  EXPECT_EQ(doc["rss_peak"]["phases"].size(), 4u);
  EXPECT_EQ(doc["energy"]["available"], false);
  EXPECT_TRUE(doc["energy"]["joules_per_generated_token"].is_null());
  EXPECT_EQ(doc["sources"][0]["name"], "rapl");
  EXPECT_EQ(doc["sources"][0]["available"], false);
  EXPECT_EQ(doc["timeline"].size(), 40u);
  EXPECT_TRUE(doc["timeline"][0]["power_w"].is_null());
}

TEST(ResourcesJson, EnergyAndDevice) {
  const json doc = json_fields::resources_object(testing::onnx_usage_fixture(), 2);
  EXPECT_EQ(doc["energy"]["available"], true);
  EXPECT_DOUBLE_EQ(doc["energy"]["idle_w"].get<double>(), 30);
  const json& run = doc["energy"]["phases"][1];
  EXPECT_EQ(run["phase"], "run");
  EXPECT_DOUBLE_EQ(run["average_w"].get<double>(), 95);
  EXPECT_DOUBLE_EQ(run["above_idle_j"].get<double>(), 162.5);
  EXPECT_DOUBLE_EQ(doc["device"]["peak_utilisation"].get<double>(), 0.97);
  EXPECT_EQ(doc["device"]["peak_memory_bytes"], 2'400'000'000ULL);
  EXPECT_DOUBLE_EQ(doc["timeline"][39]["power_w"].get<double>(), 95);
  EXPECT_EQ(doc["spans"][2]["phase"], "run");
  EXPECT_DOUBLE_EQ(doc["spans"][2]["end_ms"].get<double>(), 4000);
}

}  // namespace
}  // namespace winml::report
