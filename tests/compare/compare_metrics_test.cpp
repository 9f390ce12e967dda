// The samples perf compare tests, read from a report the real writer wrote: one per timed
// iteration, with the definitions of GenerationTiming (TTFT = prefill + first token, TPOT = mean
// decode step, decode rate = steps / their time).
#include "compare/compare_metrics.h"

#include <gtest/gtest.h>

#include "test_support/golden_reports.h"

namespace winml::compare {
namespace {

const std::vector<double>& samples_of(const std::vector<MetricSamples>& metrics, const std::string& key) {
  for (const MetricSamples& m : metrics) {
    if (m.metric.key == key) return m.samples;
  }
  throw std::out_of_range(key);
}

TEST(CompareMetrics, GenaiSamplesFollowTheGenerationTimingDefinitions) {
  const document::PerfReportDocument report = testing::golden_report("genai.json", "r.json");
  const std::vector<MetricSamples> metrics = compared_metrics(report.results[0], report.kind);
  // The first timed iteration: prefill 12.345679 ms, first token 1.1 ms, decode steps 10.1, 9.9, 10.0 ms.
  EXPECT_DOUBLE_EQ(samples_of(metrics, "ttft_ms").at(0), 12.345679 + 1.1);
  EXPECT_DOUBLE_EQ(samples_of(metrics, "tpot_ms").at(0), 10.0);
  EXPECT_DOUBLE_EQ(samples_of(metrics, "decode_tokens_per_s").at(0), 100.0);
  EXPECT_DOUBLE_EQ(samples_of(metrics, "prefill_tokens_per_s").at(0), 23 / 12.345679 * 1e3);
  EXPECT_DOUBLE_EQ(samples_of(metrics, "total_ms").at(0), 43.445679);
  EXPECT_EQ(samples_of(metrics, "ttft_ms").size(), 3u);
  EXPECT_EQ(samples_of(metrics, "peak_rss_bytes"), (std::vector<double>{537919488}));
}

TEST(CompareMetrics, AnIterationWithoutDecodeStepsHasNoRate) {
  document::PerfReportDocument report = testing::golden_report("genai.json", "r.json");
  report.results[0]["samples"]["timed"][1]["decode_ms"] = nlohmann::ordered_json::array();
  const std::vector<MetricSamples> metrics = compared_metrics(report.results[0], report.kind);
  EXPECT_EQ(samples_of(metrics, "ttft_ms").size(), 3u);
  EXPECT_EQ(samples_of(metrics, "tpot_ms").size(), 2u);
  EXPECT_EQ(samples_of(metrics, "decode_tokens_per_s").size(), 2u);
}

TEST(CompareMetrics, OnnxLatencyIsEachTimedRun) {
  const document::PerfReportDocument report = testing::golden_report("onnx.json", "r.json");
  const std::vector<MetricSamples> metrics = compared_metrics(report.results[0], report.kind);
  EXPECT_EQ(metrics.at(0).metric.key, "latency_ms");
  EXPECT_TRUE(metrics.at(0).metric.primary);
  EXPECT_EQ(metrics.at(0).samples.size(), 10u);
  EXPECT_DOUBLE_EQ(metrics.at(0).samples.at(8), 7.5);
}

}  // namespace
}  // namespace winml::compare
