#pragma once
/// \file
/// The `winml perf` benchmark of a GenAI bundle: for every combination of a sweep, warmup and
/// timed generations, one result row each with machine facts attached; under --rounds every
/// combination runs once per round, interleaved, and its rounds pool into its row. The bundle is
/// loaded once per distinct load-time setting (EP, device, threads) and round (once in all when
/// there is one setting: schedule_rounds), never per combination. Never prints.

#include <chrono>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perf/benchmark_observer.h"
#include "perf/benchmark_setup.h"
#include "perf/genai_result.h"
#include "perf/probe_schedule.h"
#include "perf/roofline_result.h"
#include "perf/run_profile.h"
#include "perf/serving_benchmark.h"
#include "perf/sweep_plan.h"
#include "resources/sampler.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Timed generations per run, and warmup generations, when the flags do not say.
inline constexpr std::size_t kGenaiDefaultIterations = 10;
inline constexpr std::size_t kGenaiDefaultWarmup = 2;

/// Seed of --prompt-tokens prompts: fixed, so every run of every tool version sees the same ids.
inline constexpr std::uint64_t kPromptSeed = 20260101;

/// Seed of --depth fills: not the prompt's, so the cache never holds the prompt twice.
inline constexpr std::uint64_t kDepthSeed = 20260102;

/// Seeds of serving prompts: conversation i's first turn kPromptSeed + i, its turn t
/// kPromptSeed + i + t * kFollowUpSeedStride (no two turns of a run share a prompt).
inline constexpr std::uint64_t kFollowUpSeedStride = 1'000'003;

/// What to benchmark, as the flags said; what varies per combination (prompt tokens, new tokens,
/// depth, max_length) and the EP choice are given to run().
struct GenaiBenchmarkRequest {
  std::string bundle;          ///< bundle folder
  ReportTarget report;         ///< where the report goes (checked at construction)
  LoopRequest loop;            ///< --iterations / --warmup / --duration
  bool apply_template = true;  ///< wrap the text prompt in the bundle's chat template
  bool stop_at_eos = false;    ///< a generation may end at EOS
  bool cold = false;           ///< --cold: after the warm runs, one reload + first generation per timed iteration
  /// The read-bandwidth probes of the roofline (probe_schedule.h): automatic skips them when a
  /// decode step fits in the last-level cache.
  BandwidthProbeMode bandwidth_probe = BandwidthProbeMode::automatic;
  RoundPlan rounds;                                         ///< --rounds / --delay
  std::vector<double> percentiles = default_percentiles();  ///< --percentiles, parsed
  /// Probe every stage's placement once a load's runs are done, the model unloaded
  /// (GenaiSession::probe_placement); off: results have no placement.
  bool placement = true;
  /// --profile: after each combination's last round, profiling runs of its own (genai_profile.h)
  /// give its result an op-level profile; the traces go to <report>.profile/<combination>/.
  std::optional<ProfileRequest> profile;
  /// --sample-ms: how often the resource sampler reads (resources/sampler.h); 0 samples nothing
  /// and leaves every result's resources empty.
  std::chrono::milliseconds sample_interval = resources::kDefaultSampleInterval;
  /// --idle-power: seconds the machine is left idle, sampled, before the first load; 0 none.
  double idle_power_s = 0;
  /// --requests, --burstiness, --slo: what a combination with a concurrency or a request rate
  /// serves through GenAI's Engine (serving_benchmark.h) instead of generating one at a time.
  ServingFlags serving;
};

/// How to open the bundle, decided by the caller: the session options (EP choice, compilation,
/// trust) and the device to report. Opaque here, so the EP decision stays with its owner.
struct GenaiLoadChoice {
  GenaiSessionOptions session;    ///< passed to GenaiSession as is (engine and clock set by the benchmark)
  std::string device = "config";  ///< device to echo into the report
};

/// Decides how to open the bundle for one combination's load settings (the CLI resolves the EP,
/// the device and the threads). Called once per group of combinations that share them.
using GenaiLoadChooser = std::function<GenaiLoadChoice(const LoadSettings&)>;

/// One GenAI benchmark. Constructing it is the shared setup step (start stamp, report path
/// checked, iteration plan validated): it throws UsageError before anything loads.
class GenaiBenchmark {
 public:
  /// Runs the setup step; loads nothing.
  explicit GenaiBenchmark(GenaiBenchmarkRequest request, BenchmarkServices services = {});

  /// The checked report path (write the result there).
  const std::filesystem::path& report_path() const { return start_.report_path; }
  /// The validated iteration plan.
  const LoopSettings& loop() const { return start_.loop; }

  /// Measures `combinations` in the order of schedule_rounds (every round runs every combination in
  /// order): a run that begins a load group loads the bundle as `choose` says (unloading the one
  /// before), sleeps the --delay unless it is the first run, then runs warmup and timed
  /// generations of `prompt_text` (or of its seeded random prompt) at its depth and max_length
  /// and, under `cold`, as many cold starts as timed generations ran (each: unload, load, first
  /// generation). The CPU clock is read right before the warmup and right after the last timed
  /// generation; a fall beyond kThrottleDropPercent is a warning. Unless `bandwidth_probe` is off,
  /// or automatic and the largest decode step fits in the last-level cache, the sweep is bracketed
  /// by read-bandwidth probes (probe_schedule.h), which every combination's roofline shares: right
  /// before the warmup of the first run, right after the last timed generation of the last run
  /// (before any cold start). Returns one result per combination, in plan order, its rounds' samples
  /// pooled in round order. Engine and runtime failures propagate as their winml::Error category;
  /// a combination that does not fit the context throws UsageError before any runs; a roofline
  /// that cannot be computed (a bundle whose weights cannot be counted, a probe that cannot
  /// allocate) is a warning and an absent roofline. Once services.stop says stop, no generation,
  /// load or combination starts: the results are those with a finished timed generation (perhaps
  /// none) and interruption() says how far the run got. With `placement`, each load's model is
  /// unloaded after its last run and every stage probed (never after a stop): its results carry
  /// the placement, outside every timed or measured span; a probe that fails is a warning.
  std::vector<GenaiPerfResult> run(const std::string& prompt_text, std::span<const Combination> combinations,
                                   const GenaiLoadChooser& choose, BenchmarkObserver& observer);

  /// Set when the last run() was stopped early (Ctrl-C); empty when it ran its whole plan.
  const std::optional<Interruption>& interruption() const { return interruption_; }

 private:
  GenaiBenchmarkRequest request_;
  BenchmarkServices services_;
  BenchmarkStart start_;
  std::optional<Interruption> interruption_;
};

}  // namespace winml::perf
