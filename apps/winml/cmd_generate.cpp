// `winml generate`: streams a bundle's response to a prompt to stdout; timing on stderr.

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>

#include "bundle_limits.h"
#include "cli_common.h"
#include "command_registry.h"
#include "console_output.h"
#include "engine/engine_loader.h"
#include "genai_load_flags.h"
#include "number_flags.h"
#include "prompt_source.h"
#include "report/progress_reporter.h"
#include "report/threads_text.h"
#include "session/threads_in_effect.h"
#include "session/token_budget.h"
#include "winml/genai_session.h"

namespace winml::cli {
namespace {

struct GenerateOptions {
  std::string model;
  std::optional<std::string> prompt;
  std::string prompt_file;
  bool no_apply_template = false;
  GenerationConfig generation;
  std::int64_t seed = -1;
  std::string ep;
  std::string device;
  std::optional<int> threads;
  bool compile = false;
  double compile_timeout_s = 300;
  unsigned compile_jobs = 0;  ///< --compile-jobs; 0 = auto
  bool no_cpu_fallback = false;
  bool ep_all_stages = false;
  std::vector<std::string> ep_libraries;
  bool telemetry = false;
  bool allow_custom_ops = false;
  OutputOptions output;
  /// Long names of the flags given on the command line (for the unused-flag warning).
  std::set<std::string> given;
};

void run_generate(const GenerateOptions& options) {
  std::string prompt = resolve_prompt(options.prompt, options.prompt_file, "");
  if (prompt.empty()) throw UsageError("give a prompt with --prompt TEXT or --prompt-file PATH.");
  check_bundle_bounds(options.model, {std::nullopt, options.generation.top_k});
  // Sampling settings do nothing under greedy decoding, nor the timeout without compiling.
  if (!options.generation.do_sample) {
    warn_flags_needing(options.given, {"--temperature", "--top-p", "--top-k", "--seed"}, "--do-sample", options.output);
  }
  if (!options.compile) {
    warn_flags_needing(options.given, {"--compile-timeout", "--compile-jobs"}, "--compile", options.output);
  }
  engine::set_telemetry_opt_in(options.telemetry);
  GenaiLoadFlags flags{options.ep,
                       options.device,
                       options.threads,
                       options.compile,
                       options.compile_timeout_s,
                       options.allow_custom_ops,
                       options.ep_libraries};
  flags.compile_jobs = options.compile_jobs;
  flags.no_cpu_fallback = options.no_cpu_fallback;
  flags.all_stages = options.ep_all_stages;
  perf::GenaiLoadChoice choice = genai_load_choice(flags);
  // The prompt is text: a missing or misfitting tokenizer is named before the model loads.
  choice.session.tokenizer = TokenizerUse::required;
  GenaiSession session(options.model, choice.session);
  session.check_generator();
  if (options.output.verbosity >= 0) note(report::loading_line(options.model, choice.session.ep));
  session.load();
  for (const auto& warning : session.warnings()) warn(warning, options.output);

  GenerationConfig config = options.generation;
  if (options.seed >= 0) config.seed = options.seed;
  std::string text = options.no_apply_template ? prompt : session.apply_chat_template(prompt);
  session::TokenBudget budget =
      session::new_token_budget(session.encode(text).size(), config.max_new_tokens, session.context_length());
  if (budget.capped()) warn(session::describe_cap(budget), options.output);
  // Each piece is flushed as it arrives; a write that fails (a full disk) stops the generation.
  GenerationTiming timing =
      session.generate_streaming(text, config, [](std::string_view piece) { write_stdout(piece); });
  write_stdout("\n");
  if (options.output.verbosity >= 0) {
    perf::ThreadsInEffect threads =
        perf::genai_threads_in_effect(options.threads, session.stage_threads(), perf::collect_machine_info());
    note(
        fmt::format("[{} prompt tokens, {} generated | TTFT {:.2f} ms | decode {:.1f} tokens/s | ep {} | "
                    "threads {}]",
                    timing.input_tokens, timing.generated_tokens, timing.ttft_s() * 1e3, timing.decode_tokens_per_s(),
                    session.effective_ep(), report::text::threads_text(threads)));
  }
}

void setup_generate(CLI::App& parent) {
  auto options = std::make_shared<GenerateOptions>();
  auto* cmd = parent.add_subcommand("generate", "Stream a GenAI bundle's response to a prompt");
  cmd->add_option("-m,--model", options->model, "GenAI bundle folder (contains genai_config.json)")
      ->required()
      ->check(path_value("-m path/to/bundle"))
      ->check(CLI::ExistingDirectory);
  auto* prompt = cmd->add_option("-p,--prompt", options->prompt, "Prompt text");
  cmd->add_option("--prompt-file", options->prompt_file,
                  "Read the prompt from a file (16 MiB at most); - reads it from standard input")
      ->check(path_value("--prompt-file prompt.txt"))
      ->check(existing_file_or_stdin())
      ->excludes(prompt);
  cmd->add_flag("--no-apply-template", options->no_apply_template,
                "Use the prompt as is instead of wrapping it in the bundle's chat template");
  cmd->add_option("-n,--max-new-tokens", options->generation.max_new_tokens,
                  "Tokens to generate (capped, with a warning, to what the context leaves after the prompt)")
      ->default_val(128)
      ->transform(integer_in(1, kMaxTokenCount));
  cmd->add_flag("--do-sample", options->generation.do_sample, "Sample instead of greedy decoding");
  cmd->add_option("--temperature", options->generation.temperature, "Sampling temperature (--do-sample)")
      ->default_val(1.0)
      ->check(number_in(0, kMaxSamplingFactor, /*min_exclusive=*/true));
  cmd->add_option("--top-p", options->generation.top_p, "Nucleus sampling threshold (--do-sample)")
      ->default_val(1.0)
      ->check(number_in(0, 1));
  cmd->add_option("--top-k", options->generation.top_k,
                  "Top-k sampling, at most the bundle's vocab_size (--do-sample; 0 = off)")
      ->default_val(0)
      ->transform(integer_in(0, kMaxTokenCount));
  cmd->add_option("--repetition-penalty", options->generation.repetition_penalty, "Repetition penalty (1 = off)")
      ->default_val(1.0)
      ->check(number_in(0, kMaxSamplingFactor, /*min_exclusive=*/true));
  cmd->add_option("--seed", options->seed, "Sampling seed (--do-sample)")->transform(integer_in(0, kMaxGenaiSeed));
  cmd->add_option("--ep", options->ep,
                  "Force this EP onto the bundle's hardware stages (cpu strips them; --ep-all-stages: every stage)");
  cmd->add_option("-d,--device", options->device, "cpu, gpu, npu, auto or config (default: the bundle's routing)");
  add_ep_all_stages_flag(*cmd, options->ep_all_stages);
  add_threads_flag(*cmd, options->threads);
  cmd->add_flag("--compile,!--no-compile", options->compile, "Pre-compile EPContext-capable stages");
  add_no_cpu_fallback_flag(*cmd, options->no_cpu_fallback);
  cmd->add_option("--compile-timeout", options->compile_timeout_s, "Seconds allowed per stage compile")
      ->type_name("SECONDS")
      ->default_val(300)
      ->check(number_in(0, kMaxCompileTimeoutS, /*min_exclusive=*/true));
  add_compile_jobs_flag(*cmd, options->compile_jobs);
  cmd->add_flag("--telemetry", options->telemetry, "Allow GenAI's telemetry (off by default)");
  add_ep_library_flag(*cmd, options->ep_libraries);
  add_allow_custom_ops_flag(*cmd, options->allow_custom_ops);
  add_output_flags(*cmd, options->output);
  cmd->callback([options, cmd] {
    options->given = given_flags(*cmd);
    run_generate(*options);
  });
}

const CommandRegistrar generate_registrar("", "generate", 20, setup_generate);

}  // namespace
}  // namespace winml::cli
