#pragma once
/// \file
/// The result row of a single-model latency benchmark (runtime winml). Plain data; durations in
/// seconds (reports convert to milliseconds). Metric definitions: docs/metrics.md.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "machine/machine_info.h"
#include "perf/latency_runner.h"
#include "perf/output_validation.h"
#include "perf/run_context.h"
#include "perf/run_profile.h"
#include "perf/run_wide.h"
#include "perf/throttle_check.h"
#include "session/threads_in_effect.h"
#include "stats/statistics.h"

namespace winml::perf {

/// One model input as it was fed.
struct OnnxInputFact {
  std::string name;                 ///< input name
  std::string type;                 ///< ONNX element type, e.g. "float", "int64"
  std::vector<std::int64_t> shape;  ///< resolved shape (no dynamic dims left)
  std::string source;               ///< "generated", or the file it was read from
};

/// What was asked for, resolved (filled by the caller; echoed into the report).
struct OnnxPerfConfig {
  std::string runtime = "winml";       ///< runtime name as the CLI spells it
  std::string model;                   ///< model path as given
  std::string ep;                      ///< EP alias the session ran on
  std::string device;                  ///< device the session ran on
  int batch_size = 1;                  ///< value given to dynamic batch dimensions
  std::size_t iterations = 100;        ///< requested timed runs (unused under duration_s)
  std::optional<double> duration_s;    ///< time budget of the timed phase, when used
  std::size_t warmup = 10;             ///< warmup runs
  std::string input_data;              ///< --input-data folder; empty = generated inputs
  std::vector<OnnxInputFact> inputs;   ///< every input with its resolved shape (of the first data set)
  std::vector<std::string> data_sets;  ///< the data sets the runs cycle through ("generated" without --input-data)
  RunWide run;                         ///< threads, percentiles, rounds, delay and start, as every result records them
};

/// One round's share of a result's timed runs (--rounds), to see drift from round to round.
struct OnnxRound {
  std::size_t round = 1;        ///< 1-based
  std::size_t iterations = 0;   ///< its timed runs (the result's samples hold them after earlier rounds')
  double latency_mean_s = 0;    ///< mean latency of the round
  double latency_median_s = 0;  ///< median latency of the round
};

/// The figures of one round from its timed run durations.
OnnxRound onnx_round(std::size_t round, const std::vector<double>& timed_s);

/// Facts measured around the runner: session creation and memory.
struct OnnxRunFacts {
  double session_creation_s = 0;            ///< creating the ONNX Runtime session
  double input_preparation_s = 0;           ///< inputs generated or read, then bound to the session
  std::uint64_t rss_before_load_bytes = 0;  ///< VmRSS before creating the session
  std::uint64_t rss_after_load_bytes = 0;   ///< VmRSS after creating it
  std::uint64_t rss_after_runs_bytes = 0;   ///< VmRSS after the last run
  std::uint64_t peak_rss_bytes = 0;         ///< VmHWM after the last run
};

/// --validate: every output of every data set checked (docs/metrics.md, "Output validation").
struct OnnxValidation {
  std::optional<double> rtol;        ///< --rtol as given; nullopt = defaults by element type
  std::optional<double> atol;        ///< --atol as given
  std::vector<OutputCheck> outputs;  ///< one per output per data set, sets in order
  /// True when every output of every set is within tolerance.
  bool passed() const {
    for (const auto& output : outputs) {
      if (!output.passed()) return false;
    }
    return true;
  }
};

/// Statistics over the timed runs.
struct OnnxMetrics {
  Summary latency_s;                         ///< one Run call each
  double first_run_s = 0;                    ///< the first Run call
  std::size_t warmup_count = 0;              ///< warmup runs
  double warmup_mean_s = 0;                  ///< mean of the warmup runs; 0 without warmup
  double batches_per_s = 0;                  ///< timed runs / total time inside Run
  double samples_per_s = 0;                  ///< batch_size * batches_per_s
  double timed_wall_s = 0;                   ///< wall time of the timed phase, loop overhead included
  std::optional<OnnxValidation> validation;  ///< with --validate
};

/// A complete single-model benchmark result.
struct OnnxPerfResult {
  OnnxPerfConfig config;              ///< configuration echo
  OnnxRunFacts facts;                 ///< session creation and memory
  OnnxMetrics metrics;                ///< statistics
  LatencyRun samples;                 ///< raw run durations by phase
  RunContext context;                 ///< machine, clock and quality checks
  std::vector<OnnxRound> rounds;      ///< each round's figures, in round order
  std::optional<RunProfile> profile;  ///< --profile: made after the timed runs, in runs of its own
};

/// Metrics from the runner's output; batch_size scales samples/s; the latency summary reports
/// `percentiles`.
OnnxMetrics compute_onnx_metrics(const LatencyRun& run, int batch_size,
                                 const std::vector<double>& percentiles = default_percentiles());

/// Assembles a result from a runner's output, as one round.
OnnxPerfResult make_onnx_result(OnnxPerfConfig config, const LatencyRun& run, OnnxRunFacts facts, MachineInfo machine);

}  // namespace winml::perf
