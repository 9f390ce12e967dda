// `winml perf`: benchmarks a GenAI bundle (runtime winml-genai) or a single ONNX model (winml).

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "bundle/model_runtime.h"
#include "cli_common.h"
#include "command_registry.h"
#include "engine/engine_loader.h"
#include "number_flags.h"
#include "perf/run_profile.h"
#include "perf/shard.h"
#include "perf/sweep_axes.h"
#include "perf/sweep_plan.h"
#include "perf/sweep_selection.h"
#include "perf_html.h"
#include "perf_options.h"
#include "report/reporter.h"
#include "stats/percentile_list.h"
#include "sweep_flags.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

// --idle-power's bound: ten minutes of idle is more than any meter needs to settle.
constexpr double kMaxIdlePowerS = 600;

// The serving flags against each other and the rest: --turns, --requests or --slo alone serve one
// conversation at a time through the engine; the generator's own settings have no meaning there.
void check_serving_flags(PerfOptions& options, const std::string& runtime) {
  if (runtime != "winml-genai") return;  // ignored, with the ignored-flag warning
  const bool closed = options.given.count("--concurrency") != 0;
  const bool open = options.given.count("--request-rate") != 0;
  if (options.given.count("--burstiness") != 0 && !open) {
    throw UsageError("--burstiness shapes the arrivals of --request-rate: add --request-rate R, or drop --burstiness.");
  }
  if (!closed && !open) {
    for (const char* flag : {"--turns", "--requests", "--slo"}) {
      if (options.given.count(flag) != 0) {
        options.sweep.concurrency = {1};  // through the engine, one conversation at a time
        break;
      }
    }
  }
  if (!closed && !open && options.sweep.concurrency == std::vector<int>{0}) return;
  const struct {
    const char* flag;
    const char* why;
  } generator_only[] = {
      {"--cold", "reloads before each generation"},
      {"--profile", "profiles single generations"},
      {"--depth", "fills the KV cache of the generator"},
      {"--max-length", "sets the generator's KV capacity (GenAI's Engine sizes its own)"},
      {"--iterations", "counts generations; a serving run counts conversations with --requests"},
      {"--target-ci", "repeats generations until they are precise"},
      {"--max-iterations", "bounds --target-ci and --duration's generations"},
  };
  for (const auto& [flag, why] : generator_only) {
    if (options.given.count(flag) == 0) continue;
    throw UsageError(fmt::format(
        "{} {}, and --concurrency, --request-rate, --turns, --requests or --slo serve requests through GenAI's "
        "Engine instead: drop {}, or measure it in a run of its own without the serving flags.",
        flag, why, flag));
  }
}

void run_perf(PerfOptions& options) {
  std::string runtime = bundle::resolve_runtime(options.runtime, options.model);
  const auto& devices = options.sweep.devices;
  if (runtime != "winml-genai" && std::find(devices.begin(), devices.end(), "config") != devices.end()) {
    throw UsageError(
        "--device config (respect the bundle's routing) only applies to --runtime winml-genai; use "
        "auto, cpu, gpu or npu for an .onnx model.");
  }
  if (options.cold && runtime != "winml-genai") {
    throw UsageError(
        "--cold (reload before each iteration) only applies to --runtime winml-genai; for an .onnx model, "
        "drop --cold: every report already has the cold session creation (metrics.load) and the first run "
        "(metrics.first_run_ms).");
  }
  if (options.cold && options.target_ci_pct) {
    throw UsageError(
        "--cold reloads the model once per timed iteration, so under --target-ci the reloads would follow the warm "
        "runs' precision, up to --max-iterations of them; measure cold starts with a fixed --iterations, and "
        "--target-ci in a run without --cold.");
  }
  check_serving_flags(options, runtime);
  if (options.given.count("--columns") != 0 && options.format != "text" && options.format != "md") {
    throw UsageError(fmt::format(
        "--columns chooses the columns of the tables people read (-f text and -f md); -f {} always carries every "
        "column, since scripts read them by name: drop --columns, or use -f md.",
        options.format));
  }
  if (options.profile_top && !options.profile) {
    throw UsageError("--profile-top sets how many nodes --profile lists; add --profile, or drop --profile-top.");
  }
  if (options.idle_power_s > 0 && options.sample_ms == 0) {
    throw UsageError(
        "--idle-power measures the idle draw with the resource sampler and --sample-ms 0 turns it off: give "
        "--sample-ms a period (or leave its default), or drop --idle-power.");
  }
  if (options.monitor && options.sample_ms == 0) {
    throw UsageError(
        "--monitor shows the resource sampler's readings and --sample-ms 0 turns the sampler off: give --sample-ms "
        "a period (or leave its default), or drop --monitor.");
  }
  if (options.monitor && options.out.verbosity < 0) {
    throw UsageError(
        "--monitor shows a live line on stderr and -q asks for less there: drop -q to watch the run, or "
        "--monitor to keep stderr quiet.");
  }
  if (auto ignored = ignored_flags(runtime, options.given); !ignored.empty()) {
    warn(fmt::format("{} {} not apply to runtime {} and {} ignored", fmt::join(ignored, ", "),
                     ignored.size() == 1 ? "does" : "do", runtime, ignored.size() == 1 ? "is" : "are"),
         options.out);
  }
  if (runtime == "winml-genai" && !options.compile) {
    warn_flags_needing(options.given, {"--compile-timeout", "--compile-jobs"}, "--compile", options.out);
  }
  const perf::SweepPlan plan = perf::plan_sweep(perf::axes_for_runtime(options.sweep, runtime));
  if (options.given.count("--delay") != 0) {
    // The pause comes before every run but the first: with one run (one combination, one round) it never comes.
    if (perf::selected_combinations(plan, options.shard).size() * options.rounds < 2) {
      warn(
          "--delay has no effect: it pauses between runs, and this measures one (one combination, --rounds 1); "
          "add --rounds or sweep a setting, or drop --delay",
          options.out);
    }
  }
  if (!options.html.empty()) {
    if (!options.output.empty() && options.html == options.output) {
      throw UsageError("--html and -o both name " + options.html + ": give the HTML page its own file.");
    }
    check_html_target(options.html, options.overwrite, "--html");  // before the run, not after it
  }
  options.runtime = runtime;
  engine::set_telemetry_opt_in(options.telemetry);
  if (runtime == "winml-genai") {
    run_genai_perf(options, plan);
  } else {
    run_onnx_perf(options, plan);
  }
}

void setup_perf(CLI::App& parent) {
  auto options = std::make_shared<PerfOptions>();
  auto* cmd = parent.add_subcommand("perf", "Benchmark a GenAI bundle or a single ONNX model");
  cmd->add_option("-m,--model", options->model, "GenAI bundle folder, or an .onnx file")
      ->required()
      ->check(path_value("-m path/to/bundle"));
  cmd->add_option("--runtime", options->runtime, "auto (folder: winml-genai, .onnx: winml), winml or winml-genai")
      ->check(CLI::IsMember({"auto", "winml", "winml-genai"}))
      ->default_val("auto");
  cmd->add_option("--iterations", options->iterations,
                  "Timed iterations (winml-genai: 10, winml: 100); the minimum under --target-ci")
      ->transform(integer_in(1, perf::kMaxIterations));
  cmd->add_option("--warmup", options->warmup, "Untimed warmup iterations (winml-genai: 2, winml: 10)")
      ->transform(integer_in(0, perf::kMaxIterations));
  cmd->add_option("--duration", options->duration_s,
                  "Time budget in seconds for the timed phase, instead of a count; a bound under --target-ci")
      ->type_name("SECONDS")
      ->check(number_in(0, kMaxDurationS, /*min_exclusive=*/true));
  cmd->add_option("--target-ci", options->target_ci_pct,
                  "Run until the 95% interval of the primary metric (decode tokens/s; winml: latency) is within "
                  "PCT % of its mean, e.g. 2; bounded by --max-iterations and --duration")
      ->type_name("PCT")
      ->check(plain_percentage());
  cmd->add_option("--max-iterations", options->max_iterations,
                  "Most timed iterations under --target-ci (default 10x the runtime's --iterations default: "
                  "winml-genai 100, winml 1000) or --duration")
      ->transform(integer_in(1, perf::kMaxIterations));
  cmd->add_option("--rounds", options->rounds,
                  "Measure the whole sweep N times, the combinations interleaved (A B C, A B C) so that drift and "
                  "heat fall on each alike; each combination's rounds pool into its one result (default 1)")
      ->type_name("N")
      ->transform(integer_in(1, perf::kMaxRounds));
  cmd->add_option(
         "--delay", options->delay_s,
         "Sleep this many seconds (fractions allowed) before every run but the first, a run being one combination's "
         "warmup and timed iterations in one round; the pause follows any reload and precedes the run's probe and "
         "warmup (default 0)")
      ->type_name("SECONDS")
      ->check(number_in(0, perf::kMaxDelayS));
  add_name_sweep(*cmd, "-d,--device", options->device, options->sweep.devices,
                 "config (winml-genai default: the bundle's routing), auto (winml default), cpu, gpu or npu; a list "
                 "sweeps");
  add_name_sweep(*cmd, "--ep", options->ep, options->sweep.eps,
                 "Execution provider name or alias; wins over --device; a list sweeps. On a bundle it takes the "
                 "stages routed to a hardware EP (--ep-all-stages: every stage)");
  add_ep_all_stages_flag(*cmd, options->ep_all_stages);
  add_count_sweep(*cmd, "--threads", options->threads, options->sweep.threads,
                  "Intra-op threads of every session (every stage of a bundle); default: the bundle's setting, else "
                  "the runtime's default. A list or range sweeps: 1,2,4 or 1-4",
                  1, kMaxThreads);
  cmd->add_flag("--compile,!--no-compile", options->compile, "Pre-compile EPContext-capable stages (default off)");
  add_no_cpu_fallback_flag(*cmd, options->no_cpu_fallback);
  cmd->add_option("--compile-timeout", options->compile_timeout_s, "Seconds allowed per stage compile")
      ->type_name("SECONDS")
      ->default_val(300)
      ->check(number_in(0, kMaxCompileTimeoutS, /*min_exclusive=*/true));
  add_compile_jobs_flag(*cmd, options->compile_jobs);
  auto* prompt =
      cmd->add_option("-p,--prompt", options->prompt, std::string("Prompt (default: \"") + kDefaultPrompt + "\")");
  auto* prompt_file = cmd->add_option("--prompt-file", options->prompt_file,
                                      "Read the prompt from a file (16 MiB at most); - reads it from standard input")
                          ->check(path_value("--prompt-file prompt.txt"))
                          ->check(existing_file_or_stdin())
                          ->excludes(prompt);
  add_count_sweep(*cmd, "--prompt-tokens", options->prompt_tokens, options->sweep.prompt_tokens,
                  "Use a seeded prompt of exactly N random token ids (no template); a list or range sweeps: 64,256", 1,
                  kMaxTokenCount)
      ->excludes(prompt)
      ->excludes(prompt_file);
  add_count_sweep(*cmd, "-n,--max-new-tokens", options->max_new_tokens, options->sweep.max_new_tokens,
                  "Tokens generated per iteration (default 128); a list or range sweeps", 1, kMaxTokenCount);
  add_count_sweep(*cmd, "--depth", options->depth, options->sweep.depths,
                  "Fill the KV cache with N seeded random tokens before each timed prompt, so TTFT and TPOT are "
                  "measured at that context (default 0); a list or range sweeps",
                  0, kMaxTokenCount);
  add_count_sweep(*cmd, "--max-length", options->max_length, options->sweep.max_lengths,
                  "KV capacity GenAI allocates (default: depth + prompt + new tokens); at most the context length; a "
                  "list or range sweeps",
                  1, kMaxTokenCount);
  add_count_sweep(*cmd, "--concurrency", options->concurrency, options->sweep.concurrency,
                  "Serve requests through GenAI's Engine, N conversations in flight, a freed slot refilled at once (a "
                  "closed loop); with --request-rate, the most in flight at once. A list sweeps: 1,2,4,8 "
                  "(winml-genai; docs/metrics.md, \"Serving\")",
                  1, kMaxConcurrency);
  add_rate_sweep(*cmd, "--request-rate", options->request_rate, options->sweep.request_rates,
                 "Serve requests through GenAI's Engine as they arrive, R per second on average (seeded arrivals, an "
                 "open loop); a list sweeps: 1,2,4 (winml-genai)",
                 kMaxRequestRate);
  cmd->add_option("--burstiness", options->burstiness,
                  "How --request-rate's arrivals bunch: the gamma shape of their gaps, 1 a Poisson process (default), "
                  "below 1 burstier, above 1 more even")
      ->type_name("X")
      ->check(number_in(0, kMaxBurstiness, /*min_exclusive=*/true));
  cmd->add_option("--requests", options->requests,
                  "Timed conversations of a serving run (default: 4 per slot in flight and at least 10; an open "
                  "loop 32, or as many as --duration holds at the rate)")
      ->transform(integer_in(1, perf::kMaxIterations));
  cmd->add_option_function<std::string>(
         "--slo", [options](const std::string& text) { options->objectives = perf::parse_service_objectives(text); },
         "Service-level objectives of a serving run, e.g. ttft=500ms,tpot=50ms,e2e=2s: the report gives the share "
         "and rate of requests that met them all (goodput)")
      ->type_name("LIST");
  add_count_sweep(*cmd, "--turns", options->turns, options->sweep.turns,
                  "Conversations of N turns through GenAI's Engine, each later turn appended to the context it keeps "
                  "(TTFT per turn, prompt tokens served from its cache); a list sweeps",
                  1, kMaxTurns);
  cmd->add_flag("--apply-template,!--no-apply-template", options->apply_template,
                "Wrap the prompt in the bundle's chat template (default on)")
      ->default_val(true);
  cmd->add_flag("--no-tokenizer", options->no_tokenizer,
                "Do not load the bundle's tokenizer: --prompt-tokens ids in, tokens counted out, nothing "
                "detokenized (the default when the bundle has no tokenizer.json, or one that does not fit the model)");
  cmd->add_flag("--stop-at-eos", options->stop_at_eos,
                "Let a generation end at EOS (default: always generate --max-new-tokens)");
  cmd->add_flag("--cold", options->cold,
                "After the warm runs, reload the model before each of as many iterations and report load time "
                "and the first generation apart (winml-genai)");
  cmd->add_flag("--bandwidth-probe,!--no-bandwidth-probe", options->bandwidth_probe,
                "Probe the memory read bandwidth right before the first and after the last measured run, so the "
                "roofline can say what fraction of it decode reached (winml-genai; default: on unless what a decode "
                "step reads fits in the last-level cache; given, it probes even then)")
      ->default_val(true);
  auto* batch_size =
      add_count_sweep(*cmd, "-b,--batch-size", options->batch_size, options->sweep.batch_sizes,
                      "Batch size for dynamic batch dims (winml, default 1); a list or range sweeps", 1, kMaxBatchSize);
  auto* shape = cmd->add_option("--shape", options->shapes, "Input shape NAME=d0,d1,... (winml, repeatable)");
  auto* input_data =
      cmd->add_option("--input-data", options->input_data,
                      "Folder of input_N.pb files (TensorProto, SequenceProto, OptionalProto), or a model's test "
                      "folder of test_data_set_* folders; the runs cycle through the sets (winml)")
          ->check(path_value("--input-data test_data_set_0"))
          ->check(CLI::ExistingDirectory)
          ->excludes(batch_size)
          ->excludes(shape);
  auto* validate =
      cmd->add_flag("--validate", options->validate,
                    "Compare each data set's first outputs with its output_N.pb; a mismatch exits with code 3 after "
                    "the report (winml)")
          ->needs(input_data);
  // Finite and >= 0: a nan tolerance makes every comparison with it false, so every output "matched".
  cmd->add_option("--rtol", options->rtol, "Relative tolerance of --validate (default by element type)")
      ->check(number_at_least(0))
      ->needs(validate);
  cmd->add_option("--atol", options->atol, "Absolute tolerance of --validate (default by element type)")
      ->check(number_at_least(0))
      ->needs(validate);
  cmd->add_option("-o,--output", options->output,
                  "Report path; default <cache>/perf/<model>-<hash>/<YYYYMMDD-HHMMSS>.json, <cache> being "
                  "WINML_CACHE_DIR, else the user's cache folder (~/.cache/winml; docs/environment.md)")
      ->check(path_value("-o report.json, or leave -o out for the default path"));
  cmd->add_flag("--overwrite", options->overwrite, "Replace an existing report (and --html file)");
  cmd->add_option("--html", options->html,
                  "Also write the run's visual report (one self-contained HTML page with charts; needs Debian's "
                  "libjs-chart.js) to FILE; `winml perf report` draws several reports")
      ->type_name("FILE")
      ->check(path_value("--html report.html"));
  cmd->add_option(
         "-f,--format", options->format,
         "Stdout format: text (tables), json (the report), csv, md or jsonl (one row per result; docs/formats.md)")
      ->check(CLI::IsMember(report::format_names()))
      ->default_val("text");
  cmd->add_option_function<std::string>(
         "--columns", [options](const std::string& list) { options->columns = report::parse_columns(list); },
         "Columns of the console table (-f text: its statistics n,mean,ci95,min,max,p50,...,stddev,cv; a sweep's "
         "ttft,tpot,decode,prefill,decode_gbps,clock,greedy,step1_diff,peak_rss) or of -f md (the row columns, "
         "docs/formats.md), as a comma list, or all; default: a narrow set. csv and jsonl keep every column")
      ->type_name("LIST|all");
  cmd->add_option_function<std::string>(
         "--percentiles",
         [options](const std::string& list) { options->percentiles = perf::parse_percentile_list(list); },
         "Percentiles every statistic reports, e.g. 50,90,99,99.9 (in (0, 100], at most 10; default 50,90,95,99)")
      ->type_name("LIST")
      ->check([](const std::string& list) {
        try {
          perf::parse_percentile_list(list);
          return std::string();
        } catch (const UsageError& e) {
          // CLI11 puts the flag's name in front of a validator's message already.
          std::string message = e.what();
          const std::string_view prefix = "--percentiles: ";
          if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
          return message;
        }
      });
  // Parsed in the callback, not a validator: parse_shard's message already names --shard and its value.
  cmd->add_option_function<std::string>(
         "--shard", [options](const std::string& text) { options->shard = perf::parse_shard(text); },
         "Measure only the K-th of N slices of the sweep, e.g. 2/4, for one process per device on a fleet "
         "(docs/fleet.md)")
      ->type_name("K/N");
  cmd->add_flag("--profile", options->profile,
                "After the timed runs, profile each result in runs of its own (never timed): time by stage, EP and "
                "operator type for prefill and decode, the top nodes, the CPU share; ONNX Runtime's traces and one "
                "merged trace (Perfetto, chrome://tracing) go to <report>.profile/ (winml: per profiled Run)");
  cmd->add_option("--profile-top", options->profile_top,
                  "Nodes --profile lists by time, per phase (default " + std::to_string(perf::kDefaultProfileTop) + ")")
      ->type_name("K")
      ->transform(integer_in(1, kMaxProfileTop));
  cmd->add_flag("--monitor", options->monitor,
                "While the timed runs go on, show what the run uses on stderr: this process's CPU in busy cores, "
                "the machine's, RSS, device utilisation and memory and power where a source reads them; rewritten "
                "in place once a second on a terminal, a plain line every 10 s otherwise")
      ->disable_flag_override();  // a flag takes no value: --monitor=no is a usage error, not "off"
  cmd->add_option("--idle-power", options->idle_power_s,
                  "Before the first load, leave the machine idle this many seconds, sampled, and report each "
                  "phase's energy above that idle draw as well (needs an energy meter: docs/metrics.md, "
                  "\"Resources\"; default 0, none)")
      ->type_name("SECONDS")
      ->check(number_in(0, kMaxIdlePowerS));
  cmd->add_option("--sample-ms", options->sample_ms,
                  fmt::format("How often the resource sampler reads CPU, memory and the energy and accelerator "
                              "counters, in ms, from the first load to the last timed run (default {}; 0 turns it "
                              "off, leaving the report without resources)",
                              resources::kDefaultSampleInterval.count()))
      ->type_name("MS")
      ->check([](const std::string& text) -> std::string {
        const int ms = std::atoi(text.c_str());
        if (text == "0" || (ms >= resources::kMinSampleInterval.count() && ms <= resources::kMaxSampleInterval.count()))
          return "";
        return fmt::format(
            "--sample-ms takes 0 (off) or {}..{} ms, not {}: faster costs more than it tells, slower "
            "misses a short prefill",
            resources::kMinSampleInterval.count(), resources::kMaxSampleInterval.count(), text);
      });
  cmd->add_flag("--telemetry", options->telemetry, "Allow GenAI's telemetry (off by default)");
  add_ep_library_flag(*cmd, options->ep_libraries);
  add_allow_custom_ops_flag(*cmd, options->allow_custom_ops);
  add_output_flags(*cmd, options->out);
  cmd->callback([options, cmd] {
    options->given = given_flags(*cmd);
    run_perf(*options);
  });
}

const CommandRegistrar perf_registrar("", "perf", 10, setup_perf);

}  // namespace
}  // namespace winml::cli
