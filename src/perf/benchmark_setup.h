#pragma once
/// \file
/// The setup step both benchmarks share: what they read the world through (engine, memory, machine,
/// clocks), the start stamp, the report path checked before anything loads, and the iteration plan.

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "machine/bandwidth_probe.h"
#include "machine/machine_info.h"
#include "perf/interruption.h"
#include "perf/loop_settings.h"
#include "perf/progress.h"
#include "perf/random_outputs.h"
#include "perf/run_quality.h"
#include "perf/sweep_plan.h"
#include "platform/cpu_clock.h"
#include "platform/interrupt_request.h"
#include "platform/memory_hierarchy.h"
#include "platform/peak_rss_reset.h"
#include "platform/process_memory.h"
#include "roofline/bundle_model.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Blocks the calling thread for `seconds` (nothing when it is not positive).
void sleep_seconds(double seconds);

/// Everything a benchmark measures or loads through. The defaults are the real ones; tests replace
/// them with a fake engine, scripted memory readings and fake clocks.
struct BenchmarkServices {
  /// The engine models load through (default: the winml_engine plugin, loaded on first call).
  std::function<engine::Engine&()> engine;
  /// Reads this process's resident memory (default: read_process_memory).
  std::function<platform::ProcessMemory()> read_memory = platform::read_process_memory;
  /// Collects the machine facts (default: collect_machine_info).
  std::function<MachineInfo()> machine_info = collect_machine_info;
  /// Monotonic seconds for every measured interval (default: steady_clock).
  Clock clock = steady_clock_seconds();
  /// Measures the machine's memory bandwidth around a GenAI run (default: measure_memory_bandwidth).
  std::function<BandwidthResult(const BandwidthOptions&)> measure_bandwidth = measure_memory_bandwidth;
  /// Reads the machine's last-level cache, which decides whether the probes can mean anything
  /// (default: platform::read_memory_hierarchy).
  std::function<platform::MemoryHierarchy()> read_memory_hierarchy = platform::read_memory_hierarchy;
  /// Resets the process's peak resident memory to its current value, so a bandwidth probe's arrays
  /// do not stand as the run's peak; false when it cannot (default: platform::reset_peak_rss).
  std::function<bool()> reset_peak_memory = platform::reset_peak_rss;
  /// Reads the CPU clock across the cores, before and after each run (default: platform::read_cpu_clock).
  std::function<platform::CpuClockReading()> read_cpu_clock = platform::read_cpu_clock;
  /// Sleeps this many seconds: the --delay pause between runs (default: std::this_thread::sleep_for).
  std::function<void(double)> sleep = sleep_seconds;
  /// Reads the shape and weight headers of a bundle for its roofline (default: read_bundle_model).
  std::function<roofline::BundleModel(const std::filesystem::path&)> read_bundle_model = roofline::read_bundle_model;
  /// Wall-clock time the run starts at: the report's timestamp and default name.
  std::function<std::chrono::system_clock::time_point()> now = [] { return std::chrono::system_clock::now(); };
  /// Reads which outputs of an ONNX model random operators draw, for --validate (default:
  /// read_random_outputs).
  std::function<RandomOutputs(const std::filesystem::path&)> read_random_outputs = perf::read_random_outputs;
  /// Polled between iterations and combinations: true stops the run, which reports what finished
  /// (default: a Ctrl-C while the CLI holds a platform::StopOnInterrupt).
  StopRequest stop = platform::interrupt_requested;

  /// The engine: `engine` when set, else engine::get().
  engine::Engine& get_engine() const;
};

/// Where the report of a run goes.
struct ReportTarget {
  std::string model;       ///< the model or bundle as given (names the default report path)
  std::string output;      ///< -o; empty = the default path under the cache root
  bool overwrite = false;  ///< --overwrite: an existing -o file may be replaced
};

/// What the shared setup step settled before anything loads.
struct BenchmarkStart {
  std::chrono::system_clock::time_point started;  ///< when the run started
  std::filesystem::path report_path;              ///< checked writable (see checked_report_path)
  LoopSettings loop;                              ///< validated iteration plan
};

/// Where the report goes (-o, else the default path for the model), checked so a path that cannot
/// be written fails (UsageError) before any benchmarking. A taken default path is no error: the
/// writer picks a free name next to it.
std::filesystem::path checked_report_path(const ReportTarget& target, std::chrono::system_clock::time_point start);

/// The shared setup step: stamps the start, checks the report path, then resolves and validates
/// the iteration plan with the runtime's defaults. Loads nothing.
BenchmarkStart begin_benchmark(const ReportTarget& target, const LoopRequest& loop, std::size_t default_iterations,
                               std::size_t default_warmup, const BenchmarkServices& services);

/// What comes before run `index` of a schedule (schedule_rounds), after any load it needs: the
/// --delay pause before every run but the first (announced to on_cooling first), then, in a sweep
/// of more than one combination or round, on_combination.
void begin_scheduled_run(std::size_t index, const ScheduledRun& run, std::span<const Combination> combinations,
                         const RoundPlan& rounds, const BenchmarkServices& services, ProgressSink& progress);

/// The console's lines about the checks of every combination's result (`qualities[i]` of
/// `combinations[i]`): perf/quality_summary.h, a combination named "pp=64: ..." in a sweep of
/// several. Given after the last round, away from the combinations' progress lines.
std::vector<std::string> quality_warnings(std::span<const Combination> combinations,
                                          const std::vector<const RunQuality*>& qualities);

/// Overwrites the pinned library versions in `machine` with those the loaded engine reports.
void attach_engine_versions(MachineInfo& machine, engine::Engine& engine);

}  // namespace winml::perf
