#include "resources_fixture.h"

#include <cmath>

#include "fixtures.h"
#include "perf/genai_roofline.h"
#include "perf/usage_sampling.h"

namespace winml::testing {
namespace {

using resources::UsagePhase;

// A timeline every 0.1 s across the spans: CPU follows the phase (load 1 core, decode 1.8),
// RSS grows through load and stays, the other process keeps 0.9 cores busy.
std::vector<resources::TimelinePoint> usage_timeline(bool with_device) {
  std::vector<resources::TimelinePoint> points;
  for (int i = 1; i <= 40; ++i) {
    resources::TimelinePoint p;
    p.t_s = 0.1 * i;
    p.process_busy_cores = p.t_s <= 1.0 ? 1.0 : (p.t_s <= 1.5 ? 1.6 : 1.8);
    p.machine_busy_cores = p.process_busy_cores + 0.9;
    p.rss_bytes = static_cast<std::uint64_t>(std::min(p.t_s, 1.0) * 800e6) + 100'000'000;
    if (with_device) {
      p.device_memory_bytes = 2'000'000'000ULL + static_cast<std::uint64_t>(i) * 10'000'000ULL;
      p.device_utilisation = p.t_s <= 1.0 ? 0.05 : 0.85;
      p.power_w = p.t_s <= 1.0 ? 40.0 : 95.0;
    }
    points.push_back(p);
  }
  return points;
}

resources::ResourceUsage base_usage(bool with_device) {
  resources::ResourceUsage u;
  u.sampled = true;
  u.interval_s = 0.1;
  u.samples = 40;
  u.sampler_cpu_s = 0.004;
  u.spans = {{UsagePhase::load, 0.0, 1.0},
             {UsagePhase::warmup, 1.0, 1.5},
             {UsagePhase::prefill, 1.5, 1.8},
             {UsagePhase::decode, 1.8, 4.0}};
  u.cpu = {{UsagePhase::load, 1.0, 0.98},
           {UsagePhase::warmup, 0.5, 0.8},
           {UsagePhase::prefill, 0.3, 0.5},
           {UsagePhase::decode, 2.2, 3.96}};
  u.core_busy = {0.95, 0.9};
  u.other = resources::OtherLoad{0.9, 2, 0.25};
  u.rss_peak = {900'000'000, 1.3, UsagePhase::warmup};
  u.phase_peak_rss = {{UsagePhase::load, 880'000'000},
                      {UsagePhase::warmup, 900'000'000},
                      {UsagePhase::prefill, 899'000'000},
                      {UsagePhase::decode, 899'500'000}};
  u.timeline = usage_timeline(with_device);
  return u;
}

}  // namespace

resources::ResourceUsage genai_usage_fixture() {
  resources::ResourceUsage u = base_usage(false);
  u.sources = {{"rapl", false, "no permission to read /sys/class/powercap/intel-rapl:0/energy_uj"},
               {"nvml", false, "libnvidia-ml.so.1 not found"}};
  return u;
}

resources::ResourceUsage onnx_usage_fixture() {
  resources::ResourceUsage u = base_usage(true);
  u.cpu = {{UsagePhase::load, 1.0, 0.98}, {UsagePhase::warmup, 0.5, 0.8}, {UsagePhase::run, 2.5, 4.1}};
  u.spans = {{UsagePhase::load, 0.0, 1.0}, {UsagePhase::warmup, 1.0, 1.5}, {UsagePhase::run, 1.5, 4.0}};
  u.phase_peak_rss = {
      {UsagePhase::load, 880'000'000}, {UsagePhase::warmup, 900'000'000}, {UsagePhase::run, 899'000'000}};
  u.other = resources::OtherLoad{0.1, 2, 0.25};
  // A Windows laptop's NPU and GPU through PDH: the busiest engine, memory and the engine types.
  u.device = {0.8, 0.97, 2'400'000'000ULL, 600'000'000ULL, {{"3D", 0.05, 0.12}, {"Compute", 0.8, 0.97}}};
  u.energy.available = true;
  u.energy.idle_w = 30.0;
  u.energy.phases = {{UsagePhase::load, 40.0, 1.0, 10.0}, {UsagePhase::run, 237.5, 2.5, 162.5}};
  u.sources = {{"rapl", true, "package-0, dram"},
               {"pdh", true, "GPU and NPU engines, dedicated memory, shared memory"}};
  return u;
}

perf::GenaiPerfResult genai_resources_fixture() {
  perf::GenaiPerfResult r = genai_fixture();
  r.context.resources = genai_usage_fixture();
  // As the benchmark does: the sampler saw a higher resident peak than the high-water mark read.
  r.facts.peak_rss_bytes = perf::run_peak_rss(r.facts.peak_rss_bytes, r.context.resources);
  if (r.roofline) perf::split_peak_rss(r.roofline->metrics, r.facts.peak_rss_bytes);
  return r;
}

perf::OnnxPerfResult onnx_resources_fixture() {
  perf::OnnxPerfResult r = onnx_fixture();
  r.context.resources = onnx_usage_fixture();
  r.facts.peak_rss_bytes = perf::run_peak_rss(r.facts.peak_rss_bytes, r.context.resources);
  return r;
}

}  // namespace winml::testing
