#pragma once
/// \file
/// What a run consumed, as every result records it (RunContext::resources): CPU per phase, what other
/// processes used, memory over time, accelerator utilisation and energy. Built by the sampler's
/// summary (resources/usage_summary.h) from its readings and the phase spans the benchmark marked;
/// written by every format from here. Definitions: docs/metrics.md, "Resources".

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "resources/sample.h"

namespace winml::resources {

/// A part of a run the usage is split by.
enum class UsagePhase {
  load,     ///< model load (GenAI: model + tokenizer; ONNX: session creation)
  compile,  ///< EPContext compilation, when the run compiled
  warmup,   ///< the warmup iterations
  prefill,  ///< timed generations: the prompt's forward pass and the first token
  decode,   ///< timed generations: every later decode step
  run,      ///< timed inferences of a single ONNX model
  idle,     ///< --idle-power: the machine left idle before the run
};

/// Its name in reports ("load", "prefill", ...).
std::string_view usage_phase_name(UsagePhase phase);

/// A stretch of time in one phase, on the sampler's clock (Sample::t_s).
struct PhaseSpan {
  UsagePhase phase = UsagePhase::load;
  double start_s = 0;
  double end_s = 0;
};

/// This process's CPU in one phase, summed over its spans.
struct PhaseCpu {
  UsagePhase phase = UsagePhase::load;
  double wall_s = 0;  ///< seconds spent in the phase
  double cpu_s = 0;   ///< this process's CPU seconds in it, every thread
  /// CPU seconds per wall second: 1.0 is one core kept busy; 0 when the phase took no time.
  double busy_cores() const { return wall_s > 0 ? cpu_s / wall_s : 0; }
};

/// What other processes used of the machine during the timed runs.
struct OtherLoad {
  double busy_cores = 0;       ///< every core's busy seconds less this process's, per wall second
  unsigned cores = 0;          ///< logical cores of the machine
  double threshold_cores = 0;  ///< above this the results are called noisy (docs/metrics.md)
  bool noisy() const { return busy_cores > threshold_cores; }
};

/// One point of the timeline the HTML chart draws: each rate is over the interval ending at t_s.
struct TimelinePoint {
  double t_s = 0;                                    ///< seconds since the sampler started
  double process_busy_cores = 0;                     ///< this process's CPU seconds per wall second
  std::optional<double> machine_busy_cores;          ///< every process's; empty when the system does not say
  std::uint64_t rss_bytes = 0;                       ///< resident set
  std::optional<std::uint64_t> device_memory_bytes;  ///< accelerator memory in use
  std::optional<double> device_utilisation;          ///< 0..1
  std::optional<double> power_w;                     ///< every energy domain's joules per second
};

/// The highest resident set the sampler saw, and when.
struct RssPeak {
  std::uint64_t bytes = 0;
  double t_s = 0;                   ///< seconds since the sampler started
  std::optional<UsagePhase> phase;  ///< the phase it fell in; empty between phases
};

/// Energy of one phase.
struct PhaseEnergy {
  UsagePhase phase = UsagePhase::load;
  double joules = 0;
  double wall_s = 0;
  double average_w() const { return wall_s > 0 ? joules / wall_s : 0; }
  std::optional<double> above_idle_j;  ///< joules less the idle draw over the same time (--idle-power)
};

/// What the energy meters said; `available` false on a machine with none (the sources say why).
struct EnergyUsage {
  bool available = false;
  std::vector<PhaseEnergy> phases;
  std::optional<double> idle_w;                      ///< --idle-power: the idle draw measured before the run
  std::optional<double> joules_per_generated_token;  ///< decode joules / decode tokens
  std::optional<double> joules_per_prompt_token;     ///< prefill joules / prompt tokens
  std::optional<double> tokens_per_joule;            ///< decode tokens / decode joules
};

/// One engine type's busiest engine during the timed runs (Windows' GPU and NPU engine counters).
struct EngineUsage {
  std::string type;             ///< as the system names it: "3D", "Compute", "Copy", "VideoDecode", ...
  double mean_utilisation = 0;  ///< 0..1
  double peak_utilisation = 0;  ///< 0..1
};

/// What the accelerator did during the timed runs, where a source tells it.
struct DeviceUsage {
  std::optional<double> mean_utilisation;                 ///< 0..1
  std::optional<double> peak_utilisation;                 ///< 0..1
  std::optional<std::uint64_t> peak_memory_bytes;         ///< accelerator memory in use at its highest
  std::optional<std::uint64_t> peak_shared_memory_bytes;  ///< system memory the accelerators used, at its highest
  std::vector<EngineUsage> engines;                       ///< per engine type, where the source tells types apart
};

/// Everything a result records of what its run used. Empty (`sampled` false) when sampling was off.
struct ResourceUsage {
  bool sampled = false;
  double interval_s = 0;           ///< --sample-ms, in seconds
  std::size_t samples = 0;         ///< readings taken
  double sampler_cpu_s = 0;        ///< the sampler thread's own CPU seconds: its cost
  std::vector<PhaseCpu> cpu;       ///< per phase, in UsagePhase order; phases that did not occur left out
  std::vector<double> core_busy;   ///< each logical core's busy share (0..1) during the timed runs; empty unknown
  std::optional<OtherLoad> other;  ///< empty when the system does not give machine-wide CPU
  RssPeak rss_peak;
  std::vector<std::pair<UsagePhase, std::uint64_t>> phase_peak_rss;  ///< highest RSS sampled in each phase
  DeviceUsage device;
  EnergyUsage energy;
  std::vector<SourceStatus> sources;    ///< every source looked for, available or not, with why
  std::vector<PhaseSpan> spans;         ///< the phases on the timeline's clock (seconds since the sampler started)
  std::vector<TimelinePoint> timeline;  ///< thinned to at most kMaxTimelinePoints for the report
};

/// The most timeline points a report keeps: a long run's readings are thinned to this many.
inline constexpr std::size_t kMaxTimelinePoints = 2000;

}  // namespace winml::resources
