#pragma once
/// \file
/// The `winml perf` benchmark of a GenAI bundle: one bundle loaded once, warmup and timed
/// generations of one prompt, the result row with machine facts attached. Never prints.

#include <optional>
#include <string>

#include "perf/benchmark_observer.h"
#include "perf/benchmark_setup.h"
#include "perf/genai_result.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Timed generations per run, and warmup generations, when the flags do not say.
inline constexpr std::size_t kGenaiDefaultIterations = 10;
inline constexpr std::size_t kGenaiDefaultWarmup = 2;

/// Seed of --prompt-tokens prompts: fixed, so every run of every tool version sees the same ids.
inline constexpr std::uint64_t kPromptSeed = 20260101;

/// What to benchmark, as the flags said (the EP choice is given to run()).
struct GenaiBenchmarkRequest {
  std::string bundle;                ///< bundle folder
  ReportTarget report;               ///< where the report goes (checked at construction)
  LoopRequest loop;                  ///< --iterations / --warmup / --duration
  std::optional<int> prompt_tokens;  ///< a seeded prompt of this many random ids instead of the text
  int max_new_tokens = 128;          ///< tokens generated per iteration
  bool apply_template = true;        ///< wrap the prompt in the bundle's chat template
  bool stop_at_eos = false;          ///< a generation may end at EOS
  bool cold = false;                 ///< --cold: after the warm runs, one reload + first generation per timed iteration
  std::vector<double> percentiles = default_percentiles();  ///< --percentiles, parsed
};

/// How to open the bundle, decided by the caller: the session options (EP choice, compilation,
/// trust) and the device to report. Opaque here, so the EP decision stays with its owner.
struct GenaiLoadChoice {
  GenaiSessionOptions session;    ///< passed to GenaiSession as is (engine and clock set by the benchmark)
  std::string device = "config";  ///< device to echo into the report
};

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

  /// Loads the bundle as `choice` says, runs warmup then timed generations of `prompt_text`
  /// (ignored under prompt_tokens) and, under `cold`, as many cold starts as timed generations
  /// ran (each: unload, load, first generation), and returns the result row. Engine and runtime failures
  /// propagate as their winml::Error category.
  GenaiPerfResult run(const std::string& prompt_text, const GenaiLoadChoice& choice, BenchmarkObserver& observer);

 private:
  GenaiBenchmarkRequest request_;
  BenchmarkServices services_;
  BenchmarkStart start_;
};

}  // namespace winml::perf
