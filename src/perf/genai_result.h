#pragma once
/// \file
/// The result row of a GenAI benchmark: configuration echo, metrics, raw samples. Plain data; the
/// reporters in src/report/ turn it into text or JSON. Every duration is in seconds here (reports
/// convert to milliseconds). Metric definitions: docs/metrics.md.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "machine/machine_info.h"
#include "perf/cold_start.h"
#include "perf/decode_timeline.h"
#include "perf/genai_runner.h"
#include "perf/greedy_output.h"
#include "perf/output_agreement.h"
#include "perf/roofline_result.h"
#include "perf/run_context.h"
#include "perf/run_profile.h"
#include "perf/run_wide.h"
#include "perf/serving_result.h"
#include "perf/throttle_check.h"
#include "session/threads_in_effect.h"
#include "stats/statistics.h"
#include "winml/genai_session.h"
#include "winml/generation.h"

namespace winml::perf {

/// What was asked for, resolved (filled by the caller; echoed into the report).
struct GenaiPerfConfig {
  std::string runtime = "winml-genai";      ///< runtime name as the CLI spells it
  std::string bundle;                       ///< bundle folder as given
  std::string ep = "config";                ///< EP alias forced on the bundle, or "config"
  std::string device = "config";            ///< device requested, or "config"
  bool compile = false;                     ///< EPContext pre-compilation requested
  bool cold = false;                        ///< --cold: cold starts measured after the warm runs
  double compile_timeout_s = 300;           ///< per-stage compile limit
  std::size_t iterations = 10;              ///< requested timed iterations (unused under duration_s)
  std::optional<double> duration_s;         ///< time budget of the timed phase, when used
  std::size_t warmup = 2;                   ///< warmup generations
  int max_new_tokens = 128;                 ///< tokens requested per generation
  int max_new_tokens_effective = 128;       ///< max_new_tokens capped by the context (context_length - prompt)
  int depth = 0;                            ///< --depth: tokens in the KV cache before each timed prompt
  int max_length = 0;                       ///< KV capacity GenAI allocated (search option max_length)
  std::optional<int> max_length_requested;  ///< --max-length; nullopt = depth + prompt + new tokens
  bool stop_at_eos = false;                 ///< generation may stop early at EOS
  bool apply_template = true;               ///< the prompt was wrapped in the chat template
  std::string prompt;                       ///< the prompt as given, before the chat template
  /// The tokenizer was loaded; false: the run used none (the bundle has none, or it does not fit
  /// the model, or --no-tokenizer), its prompt was token ids and its output counted, not detokenized.
  bool tokenizer = true;
  int context_length = 0;  ///< the bundle's context length
  RunWide run;             ///< threads, percentiles, rounds, delay and start, as every result records them
  /// Through GenAI's Engine (--concurrency, --request-rate): how the requests were served;
  /// iterations is then the timed conversations asked for. nullopt: one generation at a time.
  std::optional<ServingConfig> serving;
};

/// One round's share of a result's timed generations (--rounds), to see drift from round to round.
struct GenaiRound {
  std::size_t round = 1;           ///< 1-based
  std::size_t iterations = 0;      ///< its timed generations (the result's samples hold them after earlier rounds')
  double ttft_mean_s = 0;          ///< mean TTFT of the round
  double ttft_median_s = 0;        ///< median TTFT of the round
  double decode_tokens_per_s = 0;  ///< the round's decode steps / their time (0 without decode steps)
};

/// One generation's raw timings (a GenerationTiming without its text).
struct GenerationSample {
  double depth_fill_s = 0;       ///< the AppendTokens that filled the cache to --depth (0 without)
  double prefill_s = 0;          ///< AppendTokens
  double first_token_s = 0;      ///< first GenerateNextToken
  std::vector<double> decode_s;  ///< every later GenerateNextToken
  int input_tokens = 0;          ///< prompt tokens
  int generated_tokens = 0;      ///< tokens produced, including the first
  /// prefill + first token + all decode steps, summed as GenerationTiming::total_s() does.
  double total_s() const;
};

/// Statistics over the timed generations. Summaries are across iterations unless noted.
struct GenaiMetrics {
  std::size_t iterations = 0;                   ///< timed generations measured
  Summary ttft_s;                               ///< prefill + first token, per iteration
  Summary prefill_s;                            ///< AppendTokens, per iteration
  Summary depth_fill_s;                         ///< the --depth fill before the prompt, per iteration (none: 0)
  Summary first_token_s;                        ///< first GenerateNextToken, per iteration
  Summary tpot_s;                               ///< mean decode step per iteration (iterations with >= 1 step)
  Summary decode_step_s;                        ///< every decode step of every iteration, pooled (vLLM's ITL)
  Summary decode_tokens_per_s;                  ///< decode rate per iteration (iterations with >= 1 step)
  Summary total_s;                              ///< prefill + first token + decode steps, per iteration
  double decode_tokens_per_s_aggregate = 0;     ///< all decode steps / all decode time
  double prefill_tokens_per_s_aggregate = 0;    ///< all prompt tokens / all prefill time
  double avg_token_latency_s = 0;               ///< all generation time / all generated tokens
  std::size_t decode_steps = 0;                 ///< decode steps over all timed iterations
  int prompt_tokens = 0;                        ///< prompt length (of the first timed iteration)
  int depth_tokens = 0;                         ///< tokens in the cache before the prompt (--depth)
  std::vector<int> generated_tokens;            ///< tokens generated per timed iteration
  long long generated_tokens_total = 0;         ///< sum of generated_tokens
  std::vector<DecodePosition> decode_timeline;  ///< decode step latency by position (decode_timeline())
};

/// Means over the warmup generations, reported apart from the statistics.
struct WarmupMeans {
  std::size_t count = 0;           ///< warmup generations
  double ttft_s = 0;               ///< mean TTFT
  double prefill_s = 0;            ///< mean prefill
  double total_s = 0;              ///< mean total generation time
  double decode_tokens_per_s = 0;  ///< all warmup decode steps / their time
};

/// Facts measured around the run, outside the runner.
struct GenaiRunFacts {
  LoadBreakdown load;                         ///< the first load, step by step (GenaiSession::load())
  std::vector<ColdStart> cold;                ///< --cold: one reload + first generation per iteration
  std::uint64_t peak_rss_bytes = 0;           ///< process VmHWM after the run
  std::vector<StagePreparation> preparation;  ///< GenaiSession::preparation()
  std::optional<CompileTiming> compile;       ///< GenaiSession::compile_timing(): workers, wall time saved
  std::vector<StagePlacement> placement;      ///< every stage's placement (probes); empty when not probed
};

/// A complete GenAI benchmark result.
struct GenaiPerfResult {
  GenaiPerfConfig config;                        ///< configuration echo
  GenaiRunFacts facts;                           ///< load time, memory, preparation
  GenaiMetrics metrics;                          ///< statistics over timed generations
  WarmupMeans warmup;                            ///< warmup means (excluded from metrics)
  std::optional<ColdMetrics> cold;               ///< --cold: statistics over facts.cold
  std::optional<GenaiRoofline> roofline;         ///< absent when the bundle's weights could not be counted
  std::optional<RunProfile> profile;             ///< --profile: made after the timed runs, in runs of its own
  RunContext context;                            ///< machine, clock and quality checks
  std::vector<GenaiRound> rounds;                ///< each round's figures, in round order
  std::vector<GenerationSample> samples;         ///< timed generations, raw
  std::vector<GenerationSample> warmup_samples;  ///< warmup generations, raw
  /// What the reference generation (the first of its first run) produced; absent only in a
  /// result read from a report that predates it.
  std::optional<GreedyOutput> output;
  /// Its output checked against the sweep's first result of the same prompt and lengths.
  std::optional<Agreement> agreement;
  /// Through GenAI's Engine: the engine's limits and the serving summary. Its metrics are then
  /// per turn (docs/metrics.md, "Serving"), and it has no roofline and no greedy output.
  std::optional<ServingResult> serving;
};

/// Converts a timing to a sample (drops the text and token ids).
GenerationSample to_sample(const GenerationTiming& timing);

/// Metrics over the timed generations (pass warmup generations to warmup_means instead), every
/// summary with the given percentiles.
GenaiMetrics compute_genai_metrics(const std::vector<GenerationTiming>& timed,
                                   const std::vector<double>& percentiles = default_percentiles());

/// The figures of one round from its timed generations.
GenaiRound genai_round(std::size_t round, const std::vector<GenerationTiming>& timed);

/// Means over the warmup generations.
WarmupMeans warmup_means(const std::vector<GenerationTiming>& warmup);

/// Assembles a result from a runner's output, as one round.
GenaiPerfResult make_genai_result(GenaiPerfConfig config, const GenaiRunSamples& run, GenaiRunFacts facts,
                                  MachineInfo machine);

}  // namespace winml::perf
