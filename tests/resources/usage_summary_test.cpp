#include "resources/usage_summary.h"

#include <gtest/gtest.h>

namespace winml::resources {
namespace {

// Readings every second from t = 100: the process uses 1.5 cores, the machine 2 of 4 (so others
// 0.5), RSS rises 1 MiB a second, and 10 W flows when `watts`.
SamplerRecord steady_record(int seconds, bool watts = false) {
  SamplerRecord record;
  record.start_s = 100;
  record.interval_s = 1;
  record.sampler_cpu_s = 0.01;
  for (int i = 0; i <= seconds; ++i) {
    Sample s;
    s.t_s = 100 + i;
    s.process_cpu_s = 1.5 * i;
    s.machine_busy_s = 2.0 * i;
    s.machine_total_s = 4.0 * i + 1;
    s.rss_bytes = static_cast<std::uint64_t>(i + 1) << 20;
    if (watts) s.energy_j = 10.0 * i;
    record.samples.push_back(s);
  }
  return record;
}

TEST(UsageSummary, NothingMarkedIsNotSampled) {
  const SamplerRecord record = steady_record(10);
  EXPECT_FALSE(summarize_usage(record, 0, {}, 4).sampled);
}

TEST(UsageSummary, CpuByPhaseInterpolatesTheSpansEdges) {
  SamplerRecord record = steady_record(10);
  record.spans = {{0, {UsagePhase::load, 100, 102.5}},
                  {0, {UsagePhase::prefill, 103, 103.25}},
                  {0, {UsagePhase::decode, 103.25, 106}},
                  {1, {UsagePhase::decode, 107, 110}}};
  const ResourceUsage usage = summarize_usage(record, 0, {}, 4);
  ASSERT_TRUE(usage.sampled);
  ASSERT_EQ(usage.cpu.size(), 3u);
  EXPECT_EQ(usage.cpu[0].phase, UsagePhase::load);
  EXPECT_DOUBLE_EQ(usage.cpu[0].wall_s, 2.5);
  EXPECT_DOUBLE_EQ(usage.cpu[0].cpu_s, 3.75);
  EXPECT_EQ(usage.cpu[1].phase, UsagePhase::prefill);
  EXPECT_DOUBLE_EQ(usage.cpu[1].busy_cores(), 1.5);  // a quarter second between two readings
  EXPECT_DOUBLE_EQ(usage.cpu[2].wall_s, 2.75);       // owner 1's decode is not counted
  ASSERT_TRUE(usage.other);
  EXPECT_NEAR(usage.other->busy_cores, 0.5, 1e-9);
  EXPECT_TRUE(usage.other->noisy());  // 0.5 of 4 cores is above the 0.25-core threshold
}

TEST(UsageSummary, OtherLoadAboveTheThresholdIsNoisy) {
  SamplerRecord record = steady_record(4);
  record.spans = {{0, {UsagePhase::run, 100, 104}}};
  const ResourceUsage usage = summarize_usage(record, 0, {}, 2);
  ASSERT_TRUE(usage.other);
  EXPECT_DOUBLE_EQ(usage.other->threshold_cores, kOtherLoadThresholdCores);
  EXPECT_TRUE(usage.other->noisy());
  // Where the system gives no machine-wide counters there is no other load.
  for (Sample& s : record.samples) s.machine_total_s = 0;
  EXPECT_FALSE(summarize_usage(record, 0, {}, 2).other);
}

TEST(UsageSummary, RssPeakAndWhenAndByPhase) {
  SamplerRecord record = steady_record(10);
  record.samples[4].rss_bytes = 64u << 20;
  record.spans = {
      {0, {UsagePhase::load, 100, 103}}, {0, {UsagePhase::warmup, 103, 105}}, {0, {UsagePhase::run, 105, 108}}};
  const ResourceUsage usage = summarize_usage(record, 0, {}, 4);
  EXPECT_EQ(usage.rss_peak.bytes, 64u << 20);
  EXPECT_DOUBLE_EQ(usage.rss_peak.t_s, 4);
  EXPECT_EQ(usage.rss_peak.phase, UsagePhase::warmup);
  ASSERT_EQ(usage.phase_peak_rss.size(), 3u);
  EXPECT_EQ(usage.phase_peak_rss[0].first, UsagePhase::load);
  EXPECT_EQ(usage.phase_peak_rss[0].second, 4u << 20);  // readings at 100..103
  EXPECT_EQ(usage.phase_peak_rss[2].second, 9u << 20);  // 105..108
  // The window's readings, one either side: 99 does not exist, so 100..109.
  EXPECT_EQ(usage.samples, 10u);
  EXPECT_EQ(usage.timeline.size(), 9u);
  EXPECT_DOUBLE_EQ(usage.timeline[0].t_s, 1);
  EXPECT_DOUBLE_EQ(usage.timeline[0].process_busy_cores, 1.5);
  ASSERT_TRUE(usage.timeline[0].machine_busy_cores);
  EXPECT_DOUBLE_EQ(*usage.timeline[0].machine_busy_cores, 2.0);
  EXPECT_FALSE(usage.timeline[0].power_w);
  ASSERT_EQ(usage.spans.size(), 3u);
  EXPECT_DOUBLE_EQ(usage.spans[1].start_s, 3);
}

TEST(UsageSummary, EngineTypesAndSharedMemoryOverTheTimedRuns) {
  SamplerRecord record = steady_record(10);
  record.engine_types[0] = "3D";
  record.engine_types[1] = "Compute";  // slot 2 is never read, slot 3 never named
  for (std::size_t i = 0; i < record.samples.size(); ++i) {
    Sample& s = record.samples[i];
    s.engine_utilisation[0] = 0.1F;
    s.engine_utilisation[1] = i < 5 ? 0.9F : 0.5F;  // busy during load, less during the run
    s.engine_utilisation[3] = 0.3F;
    s.device_shared_memory_bytes = (i + 1) * 1000;
  }
  record.spans = {{0, {UsagePhase::load, 100, 104}}, {0, {UsagePhase::run, 106, 109}}};
  const ResourceUsage usage = summarize_usage(record, 0, {}, 0);
  ASSERT_EQ(usage.device.engines.size(), 2u);
  EXPECT_EQ(usage.device.engines[0].type, "3D");
  EXPECT_NEAR(usage.device.engines[0].mean_utilisation, 0.1, 1e-6);
  EXPECT_EQ(usage.device.engines[1].type, "Compute");
  EXPECT_NEAR(usage.device.engines[1].mean_utilisation, 0.5, 1e-6);  // the load's 90 % left out
  EXPECT_NEAR(usage.device.engines[1].peak_utilisation, 0.5, 1e-6);
  EXPECT_EQ(*usage.device.peak_shared_memory_bytes, 10000u);  // the last reading inside the window
}

TEST(UsageSummary, EnergyPerPhaseAndPerToken) {
  SamplerRecord record = steady_record(10, true);
  record.spans = {{0, {UsagePhase::prefill, 100, 101}}, {0, {UsagePhase::decode, 101, 105}}};
  const ResourceUsage usage = summarize_usage(record, 0, {50, 200}, 4);
  ASSERT_TRUE(usage.energy.available);
  ASSERT_EQ(usage.energy.phases.size(), 2u);
  EXPECT_DOUBLE_EQ(usage.energy.phases[1].joules, 40);
  EXPECT_DOUBLE_EQ(usage.energy.phases[1].average_w(), 10);
  EXPECT_DOUBLE_EQ(*usage.energy.joules_per_generated_token, 0.2);
  EXPECT_DOUBLE_EQ(*usage.energy.tokens_per_joule, 5);
  EXPECT_DOUBLE_EQ(*usage.energy.joules_per_prompt_token, 0.2);
  EXPECT_TRUE(usage.timeline[0].power_w);
  EXPECT_FALSE(summarize_usage(steady_record(10), 0, {50, 200}, 4).energy.available);
}

TEST(UsageSummary, IdleDrawIsSharedByEveryResultAndSubtracted) {
  SamplerRecord record = steady_record(10, true);
  for (Sample& s : record.samples) {  // 10 W idle until t = 102, then 25 W
    const double t = s.t_s - 100;
    s.energy_j = t <= 2 ? 10 * t : 20 + 25 * (t - 2);
  }
  record.spans = {{kEveryResult, {UsagePhase::idle, 100, 102}},
                  {0, {UsagePhase::decode, 102, 105}},
                  {1, {UsagePhase::decode, 105, 108}}};
  for (std::size_t owner : {0u, 1u}) {
    const ResourceUsage usage = summarize_usage(record, owner, {0, 30}, 4);
    ASSERT_TRUE(usage.energy.idle_w) << owner;
    EXPECT_DOUBLE_EQ(*usage.energy.idle_w, 10);
    ASSERT_EQ(usage.energy.phases.size(), 2u);
    EXPECT_EQ(usage.energy.phases[0].phase, UsagePhase::decode);
    EXPECT_DOUBLE_EQ(usage.energy.phases[0].joules, 75);
    EXPECT_DOUBLE_EQ(*usage.energy.phases[0].above_idle_j, 45);
    EXPECT_FALSE(usage.energy.phases[1].above_idle_j);  // the idle phase itself
  }
}

TEST(UsageSummary, ALongRunIsThinnedToTheReportsLimits) {
  SamplerRecord record = steady_record(5000);
  for (int i = 0; i < 2500; ++i) {
    record.spans.push_back({0, {UsagePhase::prefill, 100.0 + 2 * i, 100.2 + 2 * i}});
    record.spans.push_back({0, {UsagePhase::decode, 100.2 + 2 * i, 102.0 + 2 * i}});
  }
  const ResourceUsage usage = summarize_usage(record, 0, {}, 4);
  EXPECT_LE(usage.timeline.size(), kMaxTimelinePoints);
  EXPECT_GE(usage.timeline.size(), kMaxTimelinePoints / 2);
  EXPECT_LE(usage.spans.size(), kMaxTimelinePoints);
  EXPECT_EQ(usage.spans.front().phase, UsagePhase::decode);  // a pair joined into its longer part
  ASSERT_EQ(usage.cpu.size(), 2u);
  EXPECT_NEAR(usage.cpu[1].wall_s, 2500 * 1.8, 1e-6);  // the figures use every span
}

}  // namespace
}  // namespace winml::resources
