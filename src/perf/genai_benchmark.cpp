#include "perf/genai_benchmark.h"

#include "perf/genai_runner.h"
#include "report/report_file.h"
#include "session/prompt_tokens.h"
#include "session/token_budget.h"

namespace winml::perf {
namespace {

class SessionSource final : public GenerationSource {
 public:
  SessionSource(GenaiSession& session, std::vector<std::int32_t> ids, GenerationConfig config)
      : session_(session), ids_(std::move(ids)), config_(config) {}
  GenerationTiming generate() override { return session_.generate_timed(ids_, config_); }

 private:
  GenaiSession& session_;
  std::vector<std::int32_t> ids_;
  GenerationConfig config_;
};

// `count` cold starts: each destroys the model and tokenizer, loads them again (preparation and
// compilation are not redone: GenaiSession reuses their folder) and times the first generation.
std::vector<ColdStart> run_cold_starts(GenaiSession& session, GenerationSource& source, std::size_t count,
                                       const Clock& clock, ProgressSink& progress) {
  std::vector<ColdStart> starts;
  const double start = clock();
  for (std::size_t i = 0; i < count; ++i) {
    session.unload();
    ColdStart cold;
    cold.load = session.load();
    cold.first = source.generate();
    starts.push_back(cold);
    progress.on_iteration({Phase::cold, i + 1, count, 0, cold.load.total_s() + cold.first.total_s(), clock() - start});
  }
  return starts;
}

}  // namespace

GenaiBenchmark::GenaiBenchmark(GenaiBenchmarkRequest request, BenchmarkServices services)
    : request_(std::move(request)),
      services_(std::move(services)),
      start_(begin_benchmark(request_.report, request_.loop, kGenaiDefaultIterations, kGenaiDefaultWarmup, services_)) {
}

GenaiPerfResult GenaiBenchmark::run(const std::string& prompt_text, const GenaiLoadChoice& choice,
                                    BenchmarkObserver& observer) {
  GenaiSessionOptions session_options = choice.session;
  session_options.clock = services_.clock;
  session_options.engine = [this]() -> engine::Engine& { return services_.get_engine(); };
  GenaiSession session(request_.bundle, session_options);
  observer.on_loading(request_.bundle);
  const LoadBreakdown first_load = session.load();
  for (const auto& warning : session.warnings()) observer.on_warning(warning);

  std::string prompt = prompt_text;
  std::vector<std::int32_t> ids;
  bool templated = false;
  if (request_.prompt_tokens) {
    auto special = session.special_token_ids();
    ids = session::random_prompt_ids(*request_.prompt_tokens, session.vocab_size(), {special.begin(), special.end()},
                                     kPromptSeed);
    prompt = "<" + std::to_string(*request_.prompt_tokens) + " random token ids>";
  } else {
    templated = request_.apply_template && session.has_chat_template();
    ids = session.encode(request_.apply_template ? session.apply_chat_template(prompt) : prompt);
  }
  session::TokenBudget budget =
      session::new_token_budget(ids.size(), request_.max_new_tokens, session.context_length());
  if (budget.capped()) observer.on_warning(session::describe_cap(budget));
  GenerationConfig generation;
  generation.max_new_tokens = request_.max_new_tokens;
  generation.stop_at_eos = request_.stop_at_eos;

  SessionSource source(session, ids, generation);
  GenaiRunSamples samples = run_genai_benchmark(source, start_.loop, services_.clock, observer);
  GenaiRunFacts facts;
  facts.load = first_load;
  if (request_.cold) facts.cold = run_cold_starts(session, source, samples.timed.size(), services_.clock, observer);

  GenaiPerfConfig config;
  config.bundle = request_.bundle;
  config.ep = session.effective_ep();
  config.device = choice.device;
  config.compile = choice.session.compile;
  config.compile_timeout_s = choice.session.compile_timeout_s;
  config.cold = request_.cold;
  config.iterations = start_.loop.iterations;
  config.duration_s = start_.loop.duration_s;
  config.warmup = start_.loop.warmup;
  config.max_new_tokens = request_.max_new_tokens;
  config.max_new_tokens_effective = budget.effective;
  config.stop_at_eos = request_.stop_at_eos;
  config.percentiles = request_.percentiles;
  config.apply_template = templated;
  config.prompt = prompt;
  config.context_length = session.context_length();
  config.timestamp = report::rfc3339_local(start_.started);

  facts.peak_rss_bytes = services_.read_memory().peak_rss_bytes;
  facts.preparation = session.preparation();

  MachineInfo machine = services_.machine_info();
  attach_engine_versions(machine, services_.get_engine());
  config.threads = genai_threads_in_effect(choice.session.intra_op_threads, session.stage_threads(), machine);
  return make_genai_result(config, samples, facts, machine);
}

}  // namespace winml::perf
