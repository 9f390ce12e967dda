#pragma once
/// \file
/// Options of `winml perf`, shared by its two runtimes.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli_common.h"
#include "perf/benchmark_setup.h"
#include "perf/loop_settings.h"
#include "perf/service_objectives.h"
#include "perf/shard.h"
#include "perf/sweep_plan.h"
#include "report/columns.h"
#include "resources/sampler.h"
#include "stats/percentile_list.h"

namespace winml::cli {

/// Everything `winml perf` accepts. Counts are optional because their defaults depend on the
/// runtime (winml-genai: 10 iterations / 2 warmup; winml: 100 / 10).
struct PerfOptions {
  std::string model;
  std::string runtime = "auto";
  std::optional<std::size_t> iterations;
  std::optional<std::size_t> warmup;
  std::optional<double> duration_s;
  std::size_t rounds = 1;                     ///< --rounds: the sweep measured this often, combinations interleaved
  double delay_s = 0;                         ///< --delay: seconds of sleep before every run but the first
  double idle_power_s = 0;                    ///< --idle-power: seconds of idle draw measured before the first load
  double burstiness = 1;                      ///< --burstiness: the gamma shape of the arrival gaps
  std::optional<double> target_ci_pct;        ///< --target-ci PCT
  std::optional<std::size_t> max_iterations;  ///< --max-iterations; unset = the runtime's default under --target-ci
  std::optional<std::size_t> requests;        ///< --requests: timed conversations of a serving run
  // Sweepable settings: the text as given (a value, a list or a range), parsed once by the flag's
  // check into `sweep` (sweep_flags.h); only `sweep` is read after parsing.
  std::string device;  ///< -d/--device; empty = the runtime's default (winml-genai: config; winml: auto)
  std::string ep;      ///< --ep; empty = none
  bool compile = false;
  bool no_cpu_fallback = false;  ///< --no-cpu-fallback
  bool ep_all_stages = false;    ///< --ep-all-stages
  double compile_timeout_s = 300;
  unsigned compile_jobs = 0;  ///< --compile-jobs; 0 = auto
  /// --sample-ms: the resource sampler's interval; 0 turns sampling off (and --monitor with it).
  int sample_ms = static_cast<int>(resources::kDefaultSampleInterval.count());
  std::optional<std::string> prompt;  ///< unset = the default prompt
  std::string prompt_file;
  std::string prompt_tokens;           ///< --prompt-tokens; empty = the text prompt
  std::string max_new_tokens = "128";  ///< -n/--max-new-tokens
  std::string depth = "0";             ///< --depth: tokens in the KV cache before the prompt
  std::string max_length;              ///< --max-length: KV capacity; empty = depth + prompt + new tokens
  bool apply_template = true;
  bool stop_at_eos = false;
  bool no_tokenizer = false;  ///< --no-tokenizer
  bool cold = false;          ///< --cold: cold starts after the warm runs (winml-genai only)
  bool bandwidth_probe =
      true;               ///< false: --no-bandwidth-probe; given as --bandwidth-probe it forces them (winml-genai)
  bool validate = false;  ///< --validate: compare outputs with the data sets' output_N.pb
  bool overwrite = false;
  std::string threads;           ///< --threads: intra-op threads of every session; empty = bundle / runtime default
  std::string batch_size = "1";  ///< -b/--batch-size (winml)
  std::string concurrency;       ///< --concurrency: conversations in flight through GenAI's Engine
  std::string request_rate;      ///< --request-rate: requests/s offered through GenAI's Engine
  std::string turns;             ///< --turns: turns per conversation through GenAI's Engine
  perf::SweepAxes sweep;         ///< the values of every sweepable flag, parsed; defaults for a flag not given
  std::vector<std::string> shapes;
  std::string input_data;
  std::optional<double> rtol;  ///< --rtol; unset = by element type
  std::optional<double> atol;  ///< --atol; unset = by element type
  std::string output;
  std::string html;  ///< --html FILE: also the visual report of the run; empty = none
  std::string format = "text";
  report::ColumnChoice columns;  ///< --columns: the columns of the text and md tables; default narrow
  std::vector<double> percentiles = perf::default_percentiles();  ///< --percentiles, parsed
  perf::ServiceObjectives objectives;                             ///< --slo, parsed
  std::optional<perf::Shard> shard;                               ///< --shard K/N, parsed; unset = the whole sweep
  std::vector<std::string> ep_libraries;
  bool telemetry = false;
  bool allow_custom_ops = false;           ///< --allow-custom-ops (GenAI bundles only)
  bool profile = false;                    ///< --profile: op-level profile after the timed runs (perf/run_profile.h)
  std::optional<std::size_t> profile_top;  ///< --profile-top K; unset = perf::kDefaultProfileTop
  bool monitor = false;                    ///< --monitor: the live line of what the run uses on stderr
  OutputOptions out;
  /// Long names of the flags given on the command line (for the ignored-flag warning).
  std::set<std::string> given;
};

/// The default prompt of winml-genai runs.
inline constexpr const char* kDefaultPrompt = "Explain the theory of relativity in simple terms.";

/// Flags that only winml-genai uses, and flags that only winml uses.
const std::vector<std::string>& genai_only_flags();
const std::vector<std::string>& onnx_only_flags();

/// Given flags that the runtime ignores, in command-line spelling ("--shape"); empty when none.
std::vector<std::string> ignored_flags(const std::string& runtime, const std::set<std::string>& given);

/// --iterations/--warmup/--duration as given (the benchmark fills in its runtime's defaults).
perf::LoopRequest loop_request(const PerfOptions& options);

/// --rounds and --delay.
perf::RoundPlan round_plan(const PerfOptions& options);

/// -m, -o and --overwrite: where the report goes.
perf::ReportTarget report_target(const PerfOptions& options);

/// Runs the GenAI benchmark over `plan` and writes/prints its report.
void run_genai_perf(const PerfOptions& options, const perf::SweepPlan& plan);
/// Runs the single-model benchmark over `plan` and writes/prints its report.
void run_onnx_perf(const PerfOptions& options, const perf::SweepPlan& plan);

}  // namespace winml::cli
