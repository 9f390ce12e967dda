#include "perf/genai_benchmark.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <optional>
#include <set>

#include "perf/genai_profile.h"
#include "perf/genai_roofline.h"
#include "perf/genai_runner.h"
#include "perf/probe_schedule.h"
#include "perf/serving_benchmark.h"
#include "perf/usage_sampling.h"
#include "session/model_access.h"
#include "session/prompt_tokens.h"
#include "session/token_budget.h"
#include "storage/report_file.h"

namespace winml::perf {
namespace {

// Every generation of one combination: the same depth fill (none at depth 0), prompt and settings.
// The first generation also keeps the top logits config.top_logits asks for (read untimed); the
// later ones keep none.
class SessionSource final : public GenerationSource {
 public:
  // `spans` is told where each generation's prefill and decode fell on `clock`.
  SessionSource(GenaiSession& session, std::vector<std::int32_t> depth_ids, std::vector<std::int32_t> ids,
                GenerationConfig config, PhaseSpanRecorder& spans, const Clock& clock)
      : session_(session),
        depth_ids_(std::move(depth_ids)),
        ids_(std::move(ids)),
        config_(config),
        spans_(spans),
        clock_(clock) {}
  GenerationTiming generate() override {
    const double start = clock_();
    GenerationTiming timing = session_.generate_timed_at_depth(depth_ids_, ids_, config_);
    const double end = clock_();
    config_.top_logits = 0;
    const double prefill_start = start + timing.depth_fill_s;
    const double prefill_end = prefill_start + timing.ttft_s();
    spans_.generation({start, prefill_start, prefill_end, std::min(end, prefill_end + timing.decode_total_s())});
    return timing;
  }

 private:
  GenaiSession& session_;
  std::vector<std::int32_t> depth_ids_;
  std::vector<std::int32_t> ids_;
  GenerationConfig config_;
  PhaseSpanRecorder& spans_;
  const Clock& clock_;
};

// `count` cold starts: each destroys the model and tokenizer, loads them again (preparation and
// compilation are not redone: GenaiSession reuses their folder) and times the first generation.
// A stop request ends them early.
std::vector<ColdStart> run_cold_starts(GenaiSession& session, GenerationSource& source, std::size_t count,
                                       const Clock& clock, ProgressSink& progress, const StopRequest& stop) {
  std::vector<ColdStart> starts;
  const double start = clock();
  for (std::size_t i = 0; i < count && !stop_requested(stop); ++i) {
    session.unload();
    ColdStart cold;
    cold.load = session.load();
    cold.first = source.generate();
    starts.push_back(cold);
    progress.on_iteration({Phase::cold, i + 1, count, 0, cold.load.total_s() + cold.first.total_s(), clock() - start});
  }
  return starts;
}

// The timed prompt of one combination: its seeded random ids, or the text (templated unless told
// not to), and how the report names it.
struct TimedPrompt {
  std::vector<std::int32_t> ids;
  std::string label;
  bool templated = false;
};

TimedPrompt timed_prompt(GenaiSession& session, const std::string& text, const RunSettings& settings,
                         bool apply_template) {
  TimedPrompt prompt;
  if (settings.prompt_tokens) {
    const auto special = session.special_token_ids();
    prompt.ids = session::random_prompt_ids(*settings.prompt_tokens, session.vocab_size(),
                                            {special.begin(), special.end()}, kPromptSeed);
    prompt.label = "<" + std::to_string(*settings.prompt_tokens) + " random token ids>";
    return prompt;
  }
  prompt.label = text;
  prompt.templated = apply_template && session.has_chat_template();
  prompt.ids = session.encode(apply_template ? session.apply_chat_template(text) : text);
  return prompt;
}

// Every combination's depth + prompt + new tokens against its max_length and the context, once the
// first load can tokenize the prompt: a combination that cannot run fails the sweep (UsageError)
// before any is measured, not after the others have run. Returns the most positions any of them
// reaches (what the largest decode step reads of the cache).
std::int64_t check_budgets(GenaiSession& session, const std::string& text, std::span<const Combination> combinations,
                           bool apply_template) {
  std::optional<std::size_t> text_tokens;
  int longest = 0;
  for (const Combination& c : combinations) {
    const RunSettings& r = c.run;
    if (!r.prompt_tokens && !text_tokens) text_tokens = timed_prompt(session, text, r, apply_template).ids.size();
    session::check_generation_fits({r.prompt_tokens, r.max_new_tokens, r.depth, r.max_length}, text_tokens,
                                   session.context_length());
    const std::size_t prompt = r.prompt_tokens ? static_cast<std::size_t>(*r.prompt_tokens) : *text_tokens;
    longest = std::max(
        longest, session::kv_budget(r.depth, prompt, r.max_new_tokens, r.max_length, session.context_length()).used());
  }
  return longest;
}

// The roofline's model of the bundle as given (not the derived or compiled copy GenAI may load:
// compiled stages hide their weights in EP binaries), or nothing, with a warning, when the bundle's
// weights cannot be counted.
std::optional<RooflineModel> read_roofline_model(const BenchmarkServices& services, const std::string& bundle,
                                                 BenchmarkObserver& observer) {
  try {
    return roofline_model(services.read_bundle_model(bundle));
  } catch (const Error& e) {
    observer.on_warning(std::string("no roofline: ") + e.what());
    return std::nullopt;
  }
}

// A read-bandwidth probe with timed rounds of `budget_seconds` (probe_budget_seconds), or nothing,
// with a warning, when it fails. Its arrays (hundreds of MiB) are freed at once; the peak resident
// memory is then reset so that they do not stand as the benchmark's peak.
std::optional<BandwidthResult> probe_bandwidth(const BenchmarkServices& services, BenchmarkObserver& observer,
                                               const char* when, double budget_seconds) {
  BandwidthOptions options;
  options.budget_seconds = budget_seconds;
  try {
    BandwidthResult probe = services.measure_bandwidth(options);
    if (!services.reset_peak_memory()) {
      observer.on_warning(
          fmt::format("the peak RSS includes the read-bandwidth probe's 3 x {} MiB arrays: this "
                      "system cannot reset the peak (/proc/self/clear_refs)",
                      probe.array_bytes >> 20));
    }
    return probe;
  } catch (const Error& e) {
    observer.on_warning(
        fmt::format("the read-bandwidth probe {} the run failed, so the roofline uses the other "
                    "one, if any: {}",
                    when, e.what()));
    return std::nullopt;
  }
}

// What the runs of one combination have gathered so far, pooled over the rounds in round order.
struct GenaiPooledRuns {
  GenaiPerfConfig config;             // settled by its first run
  MachineInfo machine;                // read after its first run
  GenaiRunSamples samples;            // every round's warmup and timed generations
  GenaiRunFacts facts;                // its first run's load and preparation, every round's cold starts
  std::vector<ClockCheck> clock;      // one per round
  std::vector<GenaiRound> rounds;     // one per round
  CombinationProgress progress;       // what has run, for an interruption's summary
  bool started = false;               // a run has been added
  std::optional<RunProfile> profile;  // --profile: made after its last round

  // What its first run's first generation produced (docs/metrics.md, "Greedy output").
  std::optional<GreedyOutput> output;
  std::shared_ptr<const std::vector<StagePlacement>> placement;  // its first round's load's, once probed

  // Through GenAI's Engine (config.serving set): every round's timed run, and the engine's limits.
  std::vector<ServingRun> serving_runs;
  engine::ServingLimits serving_limits;

  // Counts a finished run (one round) for an interruption's summary.
  void count(const GenaiRunSamples& run) {
    progress.rounds_run += 1;
    progress.timed += run.timed.size();
    progress.stopped = progress.stopped || run.stopped;
  }
  // Adds a run's generations, its clock check and its round figures, in round order.
  void add(GenaiRunSamples& run, const ClockCheck& check, std::size_t round) {
    clock.push_back(check);
    rounds.push_back(genai_round(round, run.timed));
    for (auto phase : {&GenaiRunSamples::warmup, &GenaiRunSamples::timed}) {
      auto& into = samples.*phase;
      auto& from = run.*phase;
      into.insert(into.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    }
    samples.timed_wall_s += run.timed_wall_s;
  }
};

// The sweep's read-bandwidth probes, shared by every combination: one before its first run, one
// after its last (probe_schedule.h). The machine and the cores the probe loads are the same for
// every combination, so probing around each would only multiply the tool's own cost.
struct SweepProbes {
  BandwidthProbes probes;       // what every result's roofline gets
  bool run = false;             // probe at all: a roofline, and probe_skip() said none
  double opening_budget_s = 0;  // the first probe's timed rounds
  double timed_seconds = 0;     // the timed generations so far, which the closing probe brackets
};

// The session runs share until the next load, and what it was loaded with.
struct LoadedSession {
  GenaiSession session;
  GenaiLoadChoice choice;
  LoadBreakdown load;
  // Filled once the load's runs are done (probe_stages); shared with the combinations whose first
  // round ran on it.
  std::shared_ptr<std::vector<StagePlacement>> placement = std::make_shared<std::vector<StagePlacement>>();
  bool reported = false;  // some combination's first round ran on it
};

// The placement of every stage of a load whose runs are done: the model is unloaded first, so a
// probe never holds a second copy of a stage beside GenAI's. Not after a stop (Ctrl-C wants the report).
void probe_stages(LoadedSession& loaded, const GenaiBenchmarkRequest& request, const BenchmarkServices& services,
                  BenchmarkObserver& observer) {
  if (!request.placement || !loaded.reported || stop_requested(services.stop)) return;
  loaded.session.unload();
  try {
    *loaded.placement = loaded.session.probe_placement();
  } catch (const Error& e) {
    observer.on_warning(std::string("no placement: ") + e.what());
    return;
  }
  for (const StagePlacement& stage : *loaded.placement) {
    if (!stage.error.empty()) observer.on_warning("no placement for stage " + stage.stage + ": " + stage.error);
  }
}

// Everything about the benchmark a run reads.
struct BenchmarkInputs {
  const GenaiBenchmarkRequest& request;
  const BenchmarkServices& services;
  const BenchmarkStart& start;
  UsageSampling& sampling;
};

// Where a run stands in the schedule: the sweep's first (opened by a probe), its last (closed by one).
struct RunPlace {
  bool opens = false;
  bool closes = false;
};

// What a combination's first run settles: its load facts and its configuration echo.
void settle_config(const BenchmarkInputs& context, LoadedSession& loaded, const RunSettings& settings,
                   const session::KvBudget& kv, const TimedPrompt& prompt, GenaiPooledRuns& pooled) {
  const GenaiBenchmarkRequest& request = context.request;
  const BenchmarkServices& services = context.services;
  GenaiSession& session = loaded.session;
  pooled.started = true;
  pooled.facts.load = loaded.load;
  pooled.facts.preparation = session.preparation();
  pooled.facts.compile = session.compile_timing();
  pooled.placement = loaded.placement;
  loaded.reported = true;
  GenaiPerfConfig& config = pooled.config;
  config.bundle = request.bundle;
  config.ep = session.effective_ep();
  config.device = loaded.choice.device;
  config.compile = loaded.choice.session.compile;
  config.compile_timeout_s = loaded.choice.session.compile_timeout_s;
  config.cold = request.cold;
  config.iterations = context.start.loop.iterations;
  config.duration_s = context.start.loop.duration_s;
  config.warmup = context.start.loop.warmup;
  config.max_new_tokens = settings.max_new_tokens;
  config.max_new_tokens_effective = kv.tokens.effective;
  config.depth = settings.depth;
  config.max_length = kv.max_length;
  config.max_length_requested = settings.max_length;
  config.stop_at_eos = request.stop_at_eos;
  config.apply_template = prompt.templated;
  config.prompt = prompt.label;
  config.tokenizer = session.uses_tokenizer();
  config.context_length = session.context_length();
  config.run = run_wide(request.percentiles, request.rounds.rounds, request.rounds.delay_s,
                        storage::rfc3339_local(context.start.started));
  pooled.machine = services.machine_info();
  attach_engine_versions(pooled.machine, services.get_engine());
  config.run.threads =
      genai_threads_in_effect(loaded.choice.session.intra_op_threads, session.stage_threads(), pooled.machine);
}

// One run of a combination through GenAI's Engine (serving_benchmark.h) on the loaded session: a
// fresh engine over its model, warmup conversations, then the timed serving run. Its turns pool
// into the combination's samples as generations, its run into the serving runs.
void run_serving_once(const BenchmarkInputs& context, LoadedSession& loaded, const std::string& prompt_text,
                      const ScheduledRun& run, const Combination& combination, GenaiPooledRuns& pooled,
                      BenchmarkObserver& observer) {
  const GenaiBenchmarkRequest& request = context.request;
  const BenchmarkServices& services = context.services;
  GenaiSession& session = loaded.session;
  const RunSettings& settings = combination.run;
  const TimedPrompt prompt = timed_prompt(session, prompt_text, settings, request.apply_template);
  // A conversation's context holds every turn's prompt and answer: the budget is the last turn's.
  const int turns = std::max(1, settings.turns);
  const std::size_t per_turn = prompt.ids.size() + static_cast<std::size_t>(settings.max_new_tokens);
  const auto context_length = static_cast<std::size_t>(session.context_length());
  if (turns > 1 && per_turn * static_cast<std::size_t>(turns) > context_length) {
    throw UsageError(fmt::format(
        "--turns {} of {} prompt tokens + -n {} reach {} tokens of context, more than the bundle's context_length "
        "{}: use --turns {} or fewer, or a shorter prompt or -n",
        turns, prompt.ids.size(), settings.max_new_tokens, per_turn * static_cast<std::size_t>(turns), context_length,
        std::max<std::size_t>(1, context_length / per_turn)));
  }
  const auto context_before_last = static_cast<std::size_t>(turns - 1) * per_turn;
  const session::KvBudget kv = session::kv_budget(0, context_before_last + prompt.ids.size(), settings.max_new_tokens,
                                                  settings.max_length, session.context_length());
  if (kv.tokens.capped() && !pooled.started) observer.on_warning(session::describe_cap(kv.tokens));

  ServingJob job;
  job.settings = settings;
  job.settings.max_new_tokens = kv.tokens.effective;
  job.stop_at_eos = request.stop_at_eos;
  job.loop = context.start.loop;
  job.flags = request.serving;
  if (settings.prompt_tokens) {
    // Each conversation its own seeded prompt (the first is the generator path's), each later turn
    // a new user message of the same length.
    const auto special = session.special_token_ids();
    const std::set<std::int32_t> specials(special.begin(), special.end());
    const int length = *settings.prompt_tokens;
    const int vocab = session.vocab_size();
    job.prompt = [=](std::size_t i) { return session::random_prompt_ids(length, vocab, specials, kPromptSeed + i); };
    job.follow_up = [=](std::size_t i, std::size_t turn) {
      return session::random_prompt_ids(length, vocab, specials, kPromptSeed + i + turn * kFollowUpSeedStride);
    };
  } else {
    // The text prompt for every conversation, and asked again as each later turn.
    job.prompt = [ids = prompt.ids](std::size_t) { return ids; };
    job.follow_up = [ids = prompt.ids](std::size_t, std::size_t) { return ids; };
  }
  ServingServices serving;
  serving.clock = services.clock;
  serving.sleep = services.sleep;
  serving.stop = services.stop;
  serving.span = [&](resources::UsagePhase phase, double start, double end) {
    context.sampling.span(run.position, phase, start, end);
  };
  const auto engine = session::ModelAccess::loaded_model(session).create_serving_engine();
  const auto cores = context.sampling.open_cores();
  ClockCheck clock{run.round, services.read_cpu_clock(), {}};
  if (!pooled.started) {
    const std::string over =
        batch_limit_warning(static_cast<std::size_t>(std::max(0, settings.concurrency)), engine->limits());
    if (!over.empty()) observer.on_warning(combination.label.empty() ? over : combination.label + ": " + over);
  }
  ServingMeasurement measured = measure_serving(*engine, job, serving, observer);
  clock.after = services.read_cpu_clock();
  context.sampling.close_cores(run.position, cores);
  pooled.count(measured.samples);
  if (throttled(clock).value_or(false)) observer.on_warning(throttle_warning(clock, combination.label));
  pooled.facts.peak_rss_bytes = std::max(pooled.facts.peak_rss_bytes, services.read_memory().peak_rss_bytes);
  pooled.add(measured.samples, clock, run.round);
  pooled.serving_runs.push_back(std::move(measured.timed));
  pooled.serving_limits = measured.limits;
  if (pooled.started) return;
  settle_config(context, loaded, settings, kv, prompt, pooled);
  pooled.config.iterations = measured.config.requests;
  pooled.config.serving = measured.config;
}

// One run of a combination (one round) on the loaded session, added to its pooled runs. When the
// sweep probes, its first run is preceded and its last followed by a read-bandwidth probe. A run
// the stop request cut short skips what follows its generations (probe, cold starts): Ctrl-C wants
// the report soon.
void run_once(const BenchmarkInputs& context, LoadedSession& loaded, const std::string& prompt_text,
              const ScheduledRun& run, const Combination& combination, RunPlace place, SweepProbes& sweep,
              GenaiPooledRuns& pooled, BenchmarkObserver& observer) {
  if (combination.run.serving()) {
    run_serving_once(context, loaded, prompt_text, run, combination, pooled, observer);
    return;
  }
  const GenaiBenchmarkRequest& request = context.request;
  const BenchmarkServices& services = context.services;
  GenaiSession& session = loaded.session;
  const RunSettings& settings = combination.run;
  TimedPrompt prompt = timed_prompt(session, prompt_text, settings, request.apply_template);
  std::vector<std::int32_t>& ids = prompt.ids;
  std::vector<std::int32_t> depth_ids;
  if (settings.depth > 0) {
    const auto special = session.special_token_ids();
    depth_ids =
        session::random_prompt_ids(settings.depth, session.vocab_size(), {special.begin(), special.end()}, kDepthSeed);
  }
  // Throws UsageError when depth + prompt + new tokens do not fit max_length or the context.
  const session::KvBudget kv = session::kv_budget(settings.depth, ids.size(), settings.max_new_tokens,
                                                  settings.max_length, session.context_length());
  if (kv.tokens.capped() && !pooled.started) observer.on_warning(session::describe_cap(kv.tokens));
  GenerationConfig generation;
  generation.max_new_tokens = settings.max_new_tokens;
  generation.stop_at_eos = request.stop_at_eos;
  generation.max_length = settings.max_length;
  const bool first_round = !pooled.started;
  // The reference generation (docs/metrics.md, "Greedy output"): the first of the first run.
  if (first_round) generation.top_logits = kFirstStepCandidates;

  // The highest peak RSS of the benchmark's own work: read before each probe, which resets it.
  auto note_peak_rss = [&] {
    pooled.facts.peak_rss_bytes = std::max(pooled.facts.peak_rss_bytes, services.read_memory().peak_rss_bytes);
  };
  if (sweep.run && place.opens) {
    note_peak_rss();  // the load's
    sweep.probes.before = probe_bandwidth(services, observer, "before", sweep.opening_budget_s);
  }
  const std::vector<std::int32_t> source_depth_ids = depth_ids;
  PhaseSpanRecorder spans(observer, context.sampling, run.position, services.clock);
  SessionSource source(session, std::move(depth_ids), ids, generation, spans, services.clock);
  const auto cores = context.sampling.open_cores();
  // Read after the probe (which loads every core, as the run will) and right before the warmup.
  ClockCheck clock{run.round, services.read_cpu_clock(), {}};
  GenaiRunSamples samples = run_genai_benchmark(source, context.start.loop, services.clock, spans, services.stop);
  clock.after = services.read_cpu_clock();
  context.sampling.close_cores(run.position, cores);
  pooled.count(samples);
  if (throttled(clock).value_or(false)) observer.on_warning(throttle_warning(clock, combination.label));
  sweep.timed_seconds += samples.timed_wall_s;
  if (sweep.run && place.closes && !samples.stopped) {
    note_peak_rss();  // the warmup and timed generations'
    sweep.probes.after = probe_bandwidth(services, observer, "after", probe_budget_seconds(sweep.timed_seconds));
  }
  if (request.cold && !samples.stopped) {
    auto cold = run_cold_starts(session, source, samples.timed.size(), services.clock, spans, services.stop);
    pooled.facts.cold.insert(pooled.facts.cold.end(), cold.begin(), cold.end());
  }
  note_peak_rss();  // the cold starts', or the whole run's without probes
  if (first_round && (!samples.warmup.empty() || !samples.timed.empty())) {
    const bool warm = !samples.warmup.empty();
    pooled.output = greedy_output(warm ? samples.warmup.front() : samples.timed.front(), generation.do_sample,
                                  warm ? ReferenceGeneration::warmup : ReferenceGeneration::timed);
  }
  pooled.add(samples, clock, run.round);
  if (request.profile && run.round == request.rounds.rounds && !stop_requested(services.stop) && !samples.stopped) {
    // After the combination's last timed run, in a session of its own; the timed one is reloaded
    // for whatever runs on it next.
    const GenaiMetrics timed = compute_genai_metrics(pooled.samples.timed, request.percentiles);
    const auto dir = profile_folder(context.start.report_path) / std::to_string(run.position + 1);
    GenaiSessionOptions base = loaded.choice.session;
    base.clock = services.clock;
    base.engine = [&services]() -> engine::Engine& { return services.get_engine(); };
    pooled.profile = profile_genai(session, base, {source_depth_ids, ids, generation}, timed, dir, *request.profile);
    session.load();
  }
  if (first_round) settle_config(context, loaded, settings, kv, prompt, pooled);
}

// A combination's result from its pooled runs, with its roofline over every round's samples.
// Under --target-ci each run stopped on its own; the outcome judges the pooled samples.
GenaiPerfResult finish(GenaiPooledRuns& pooled, const std::optional<RooflineModel>& roofline,
                       const BandwidthProbes& probes, int depth, const LoopSettings& loop,
                       const std::vector<double>& percentiles) {
  GenaiPerfResult result =
      make_genai_result(std::move(pooled.config), pooled.samples, std::move(pooled.facts), std::move(pooled.machine));
  result.context.clock = std::move(pooled.clock);
  result.rounds = std::move(pooled.rounds);
  if (pooled.placement) result.facts.placement = *pooled.placement;
  result.profile = std::move(pooled.profile);
  result.output = std::move(pooled.output);
  if (result.config.serving) {
    const ServingConfig& c = *result.config.serving;
    const std::optional<double> offered = c.mode == ServingMode::open ? c.request_rate : std::nullopt;
    result.serving = ServingResult{
        pooled.serving_limits,
        summarize_serving(pool_serving_runs(std::move(pooled.serving_runs)), percentiles, c.objectives, offered)};
  }
  // The roofline models one sequence's decode step; the engine's batched steps share their reads.
  if (roofline && !result.config.serving) {
    RooflineMetrics figures =
        compute_roofline(*roofline, result.samples, result.metrics, probes, result.facts.peak_rss_bytes, depth);
    result.roofline = GenaiRoofline{*roofline, probes, figures};
  }
  add_target_ci(result.context.quality, loop, "decode_tokens_per_s", result.metrics.decode_tokens_per_s,
                result.samples.size());
  return result;
}

// What energy per token divides by: the timed generations' prompt and decode tokens.
resources::UsageTokens usage_tokens(const std::vector<GenerationSample>& samples) {
  resources::UsageTokens tokens;
  for (const GenerationSample& s : samples) {
    tokens.prompt_tokens += s.input_tokens;
    tokens.decode_tokens += static_cast<double>(s.decode_s.size());
  }
  return tokens;
}

// Whether the sweep probes (probe_skip: not when its largest decode step fits in the last-level
// cache, unless forced) and the opening probe's budget: a tenth of the timed seconds a --duration
// plan announces, else the probe's minimum (an --iterations run's length is not known yet).
SweepProbes plan_probes(BandwidthProbeMode mode, const RooflineModel& model, std::int64_t longest_context_tokens,
                        const BenchmarkServices& services, const LoopSettings& loop, std::size_t runs) {
  SweepProbes sweep;
  sweep.probes.last_level_cache_bytes = services.read_memory_hierarchy().last_level_cache_bytes;
  sweep.probes.skipped =
      probe_skip(mode, largest_step_bytes(model, longest_context_tokens), sweep.probes.last_level_cache_bytes);
  sweep.run = sweep.probes.skipped == ProbeSkip::none;
  sweep.opening_budget_s = probe_budget_seconds(loop.duration_s.value_or(0) * static_cast<double>(runs));
  return sweep;
}

}  // namespace

GenaiBenchmark::GenaiBenchmark(GenaiBenchmarkRequest request, BenchmarkServices services)
    : request_(std::move(request)),
      services_(std::move(services)),
      start_(begin_benchmark(request_.report, request_.loop, kGenaiDefaultIterations, kGenaiDefaultWarmup, services_)) {
  if (request_.profile) require_profile_folder(start_.report_path, request_.report.overwrite);
}

std::vector<GenaiPerfResult> GenaiBenchmark::run(const std::string& prompt_text,
                                                 std::span<const Combination> combinations,
                                                 const GenaiLoadChooser& choose, BenchmarkObserver& observer) {
  UsageSampling sampling(request_.sample_interval, services_.clock, observer);
  const BenchmarkInputs context{request_, services_, start_, sampling};
  sampling.measure_idle(request_.idle_power_s, services_.clock, services_.stop);
  const std::vector<ScheduledRun> schedule = schedule_rounds(combinations, request_.rounds.rounds);
  std::vector<GenaiPooledRuns> pooled(combinations.size());
  // Read once: every combination runs the same bundle, whatever EP or threads it loads with.
  std::optional<RooflineModel> roofline;
  SweepProbes sweep;
  std::optional<LoadedSession> loaded;
  interruption_.reset();
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (stop_requested(services_.stop)) break;
    const ScheduledRun& run = schedule[i];
    const Combination& combination = combinations[run.position];
    if (run.loads) {
      if (loaded) probe_stages(*loaded, request_, services_, observer);
      loaded.reset();  // one model in memory at a time: unload before the next load
      const GenaiLoadChoice choice = choose(combination.load);
      GenaiSessionOptions session_options = choice.session;
      // A text prompt needs the tokenizer: a missing or misfitting one is named before the load.
      const bool text_prompt = std::any_of(combinations.begin(), combinations.end(),
                                           [](const Combination& c) { return !c.run.prompt_tokens; });
      if (text_prompt && session_options.tokenizer == TokenizerUse::automatic)
        session_options.tokenizer = TokenizerUse::required;
      session_options.clock = services_.clock;
      session_options.engine = [this]() -> engine::Engine& { return services_.get_engine(); };
      GenaiSession session(request_.bundle, session_options);
      session.check();
      // A combination through GenAI's generator on a bundle only its dynamic engine runs: said
      // before the load, not as ONNX Runtime's rank error mid-run.
      if (std::any_of(combinations.begin(), combinations.end(), [](const Combination& c) { return !c.run.serving(); }))
        session.check_generator();
      observer.on_loading(request_.bundle, choice.session.ep);
      const double load_start = services_.clock();
      const LoadBreakdown load = session.load();
      sampling.span(run.position, resources::UsagePhase::load, load_start, services_.clock());
      for (const auto& warning : session.warnings()) observer.on_warning(warning);
      loaded.emplace(LoadedSession{std::move(session), choice, load});
      if (i == 0) {  // the first load: a bundle that does not load has failed before this
        const std::int64_t longest = check_budgets(loaded->session, prompt_text, combinations, request_.apply_template);
        roofline = read_roofline_model(services_, request_.bundle, observer);
        if (roofline)
          sweep = plan_probes(request_.bandwidth_probe, *roofline, longest, services_, start_.loop, schedule.size());
      }
    }
    begin_scheduled_run(i, run, combinations, request_.rounds, services_, observer);
    run_once(context, *loaded, prompt_text, run, combination, {i == 0, i + 1 == schedule.size()}, sweep,
             pooled[run.position], observer);
  }
  if (loaded) probe_stages(*loaded, request_, services_, observer);
  sampling.stop();
  std::vector<CombinationProgress> progress;
  progress.reserve(pooled.size());
  for (const GenaiPooledRuns& runs : pooled) progress.push_back(runs.progress);
  if (stop_requested(services_.stop)) interruption_ = summarize_interruption(progress, request_.rounds.rounds);
  std::vector<GenaiPerfResult> results;
  results.reserve(combinations.size());
  for (std::size_t i = 0; i < combinations.size(); ++i) {
    if (pooled[i].progress.timed == 0) continue;  // stopped before it measured anything
    results.push_back(
        finish(pooled[i], roofline, sweep.probes, combinations[i].run.depth, start_.loop, request_.percentiles));
    GenaiPerfResult& result = results.back();
    result.context.resources = sampling.usage(i, usage_tokens(result.samples), result.context.machine.logical_cores);
    result.facts.peak_rss_bytes = run_peak_rss(result.facts.peak_rss_bytes, result.context.resources);
    if (result.roofline) split_peak_rss(result.roofline->metrics, result.facts.peak_rss_bytes);
    note_other_load(result.context.quality, result.context.resources);
  }
  std::vector<std::optional<GreedyOutput>> outputs;
  std::vector<RunSettings> runs;
  for (std::size_t i = 0; i < results.size(); ++i) {
    outputs.push_back(results[i].output);
    runs.push_back(combinations[i].run);
  }
  const auto agreements = sweep_agreement(outputs, runs);
  for (std::size_t i = 0; i < results.size(); ++i) results[i].agreement = agreements[i];
  // Over every round's samples, so said once the last round has run: one line per kind of
  // warning for the whole sweep, the report keeping each. The results are a prefix of the
  // combinations even after Ctrl-C (a later one runs only once every earlier one has a timed
  // iteration), so result i is combination i.
  std::vector<const RunQuality*> qualities;
  qualities.reserve(results.size());
  for (const GenaiPerfResult& result : results) qualities.push_back(&result.context.quality);
  for (const std::string& warning : quality_warnings(combinations, qualities)) observer.on_warning(warning);
  return results;
}

}  // namespace winml::perf
