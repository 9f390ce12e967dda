#include "perf/onnx_result.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

LatencyRun sample_run() {
  LatencyRun run;
  run.first_run_s = 0.5;
  run.warmup_s = {0.25, 0.125};
  run.timed_s = {0.001, 0.003};
  run.timed_wall_s = 0.0045;
  return run;
}

TEST(OnnxMetrics, LatencyThroughputAndWarmup) {
  const OnnxMetrics m = compute_onnx_metrics(sample_run(), 4);
  EXPECT_EQ(m.latency_s.count, 2u);
  EXPECT_DOUBLE_EQ(m.latency_s.mean, 0.002);
  EXPECT_EQ(m.latency_s.at(50), 0.001);
  EXPECT_EQ(m.first_run_s, 0.5);
  EXPECT_EQ(m.warmup_count, 2u);
  EXPECT_EQ(m.warmup_mean_s, 0.1875);
  EXPECT_DOUBLE_EQ(m.batches_per_s, 500);   // 2 runs in 4 ms inside Run
  EXPECT_DOUBLE_EQ(m.samples_per_s, 2000);  // batch 4
  EXPECT_EQ(m.timed_wall_s, 0.0045);
}

TEST(OnnxMetrics, NoRunsGiveZeros) {
  const OnnxMetrics m = compute_onnx_metrics(LatencyRun{}, 1);
  EXPECT_EQ(m.batches_per_s, 0);
  EXPECT_EQ(m.warmup_mean_s, 0);
  EXPECT_EQ(m.latency_s.count, 0u);
}

TEST(OnnxResult, AssemblesEveryPart) {
  OnnxPerfConfig config;
  config.model = "m.onnx";
  config.batch_size = 2;
  OnnxRunFacts facts;
  facts.session_creation_s = 0.75;
  facts.peak_rss_bytes = 4096;
  const OnnxPerfResult r = make_onnx_result(config, sample_run(), facts, MachineInfo{});
  EXPECT_EQ(r.config.model, "m.onnx");
  EXPECT_DOUBLE_EQ(r.metrics.samples_per_s, 1000);
  EXPECT_EQ(r.facts.session_creation_s, 0.75);
  EXPECT_EQ(r.samples.timed_s.size(), 2u);
  EXPECT_EQ(r.samples.warmup_s.size(), 2u);
}

}  // namespace
}  // namespace winml::perf
