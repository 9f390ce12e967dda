// The winml-genai runtime of `winml perf`: one bundle loaded once, warmup + timed generations.

#include <iostream>

#include "bundle_limits.h"
#include "engine/engine_loader.h"
#include "perf/genai_result.h"
#include "perf/genai_runner.h"
#include "perf/machine_info.h"
#include "perf/process_memory.h"
#include "perf_options.h"
#include "perf_output.h"
#include "prompt_source.h"
#include "report/progress_reporter.h"
#include "session/prompt_tokens.h"
#include "session/token_budget.h"
#include "winml/genai_session.h"

namespace winml::cli {
namespace {

// Seed of --prompt-tokens prompts: fixed, so every run of every tool version sees the same ids.
constexpr std::uint64_t kPromptSeed = 20260101;

class SessionSource final : public perf::GenerationSource {
 public:
  SessionSource(GenaiSession& session, std::vector<std::int32_t> ids, GenerationConfig config)
      : session_(session), ids_(std::move(ids)), config_(config) {}
  GenerationTiming generate() override { return session_.generate_timed(ids_, config_); }

 private:
  GenaiSession& session_;
  std::vector<std::int32_t> ids_;
  GenerationConfig config_;
};

}  // namespace

void run_genai_perf(const PerfOptions& options) {
  auto start = std::chrono::system_clock::now();
  auto report_path = checked_report_path(options, start);
  perf::LoopSettings loop = loop_settings(options, /*default_iterations=*/10, /*default_warmup=*/2);
  std::string prompt_text = resolve_prompt(options.prompt, options.prompt_file, kDefaultPrompt);
  check_bundle_bounds(options.model, {options.prompt_tokens, std::nullopt});

  register_ep_libraries(options.ep_libraries);
  ep::GenaiEpSelection selection = select_genai_ep(options.ep, options.device);
  GenaiSessionOptions session_options;
  session_options.ep = selection.overrides() ? selection.ep : "";
  session_options.device = selection.session_device;
  session_options.compile = options.compile;
  session_options.compile_timeout_s = options.compile_timeout_s;
  session_options.allow_custom_ops = options.allow_custom_ops;
  GenaiSession session(options.model, session_options);
  if (options.out.verbosity >= 0) std::cerr << "loading " << options.model << " ...\n";
  session.load();
  for (const auto& warning : session.warnings()) warn(warning, options.out);

  std::vector<std::int32_t> ids;
  bool templated = false;
  if (options.prompt_tokens) {
    auto special = session.special_token_ids();
    ids = session::random_prompt_ids(*options.prompt_tokens, session.vocab_size(), {special.begin(), special.end()},
                                     kPromptSeed);
    prompt_text = "<" + std::to_string(*options.prompt_tokens) + " random token ids>";
  } else {
    templated = options.apply_template && session.has_chat_template();
    ids = session.encode(options.apply_template ? session.apply_chat_template(prompt_text) : prompt_text);
  }
  session::TokenBudget budget = session::new_token_budget(ids.size(), options.max_new_tokens, session.context_length());
  if (budget.capped()) warn(session::describe_cap(budget), options.out);
  GenerationConfig generation;
  generation.max_new_tokens = options.max_new_tokens;
  generation.stop_at_eos = options.stop_at_eos;

  SessionSource source(session, ids, generation);
  auto progress = report::make_progress_reporter(std::cerr, options.out.verbosity < 0);
  perf::GenaiRunSamples samples = perf::run_genai_benchmark(source, loop, steady_clock_seconds(), *progress);

  perf::GenaiPerfConfig config;
  config.bundle = options.model;
  config.ep = session.effective_ep();
  config.device = selection.device;
  config.compile = options.compile;
  config.compile_timeout_s = options.compile_timeout_s;
  config.iterations = loop.iterations;
  config.duration_s = loop.duration_s;
  config.warmup = loop.warmup;
  config.max_new_tokens = options.max_new_tokens;
  config.max_new_tokens_effective = budget.effective;
  config.stop_at_eos = options.stop_at_eos;
  config.apply_template = templated;
  config.prompt = prompt_text;
  config.context_length = session.context_length();
  config.timestamp = report::rfc3339_local(start);

  perf::GenaiRunFacts facts;
  facts.load_s = session.load_seconds();
  facts.peak_rss_bytes = perf::read_process_memory().peak_rss_bytes;
  facts.preparation = session.preparation();

  perf::MachineInfo machine = perf::collect_machine_info();
  auto versions = engine::get().versions();
  machine.onnxruntime_version = versions.onnxruntime;
  machine.genai_version = versions.genai;
  emit_report(perf::make_genai_result(config, samples, facts, machine), options, report_path);
}

}  // namespace winml::cli
