// The winml-genai runtime of `winml perf`: flags to a sweep plan and a GenaiBenchmark, its results
// to the report.

#include <algorithm>
#include <vector>

#include "bundle/genai_config.h"
#include "bundle/identical_routings.h"
#include "bundle_limits.h"
#include "cli_common.h"
#include "ep/discovery.h"
#include "ep/ep_selection.h"
#include "genai_load_flags.h"
#include "perf/genai_benchmark.h"
#include "perf/perf_report.h"
#include "perf/sweep_plan.h"
#include "perf/sweep_selection.h"
#include "perf_console.h"
#include "perf_options.h"
#include "perf_output.h"
#include "platform/interrupt_request.h"
#include "prompt_source.h"
#include "run_interrupted.h"

namespace winml::cli {

void run_genai_perf(const PerfOptions& options, const perf::SweepPlan& plan) {
  if (options.no_tokenizer && options.prompt_tokens.empty()) {
    throw UsageError("--no-tokenizer runs on token ids, and the prompt is text: add --prompt-tokens N");
  }
  perf::GenaiBenchmarkRequest request;
  request.bundle = options.model;
  request.report = report_target(options);
  request.loop = loop_request(options);
  request.rounds = round_plan(options);
  request.apply_template = options.apply_template;
  request.stop_at_eos = options.stop_at_eos;
  request.cold = options.cold;
  // Given at all, --bandwidth-probe forces the probes; the default leaves them to probe_skip().
  request.bandwidth_probe = !options.bandwidth_probe                        ? perf::BandwidthProbeMode::off
                            : options.given.count("--bandwidth-probe") != 0 ? perf::BandwidthProbeMode::forced
                                                                            : perf::BandwidthProbeMode::automatic;
  request.percentiles = options.percentiles;
  request.sample_interval = std::chrono::milliseconds(options.sample_ms);
  request.idle_power_s = options.idle_power_s;
  request.serving = {options.requests, options.burstiness, options.objectives};
  if (options.profile) request.profile = perf::ProfileRequest{options.profile_top.value_or(perf::kDefaultProfileTop)};
  perf::GenaiBenchmark benchmark(request);  // checks the report path and the loop before anything loads

  // Only the shard's combinations are resolved and run: a load group outside it is never loaded.
  const std::span<const perf::Combination> selected = perf::selected_combinations(plan, options.shard);
  std::string prompt_text = resolve_prompt(options.prompt, options.prompt_file, kDefaultPrompt);
  check_sweep_bounds(options.model, plan.combinations);
  // Every load-time setting is resolved before anything loads, so a bad EP in the last group
  // fails in milliseconds, not after the first groups have run.
  register_ep_libraries(options.ep_libraries);
  ep::EngineEpDiscovery discovery;
  ep::EpSelector selector(discovery);
  std::vector<EpChoice> routings;  // the distinct EP/device choices, for refuse_identical_routings
  perf::LoadChoices<perf::GenaiLoadChoice> choices(selected, [&](const perf::LoadSettings& load) {
    GenaiLoadFlags flags{
        load.ep, load.device, load.threads, options.compile, options.compile_timeout_s, options.allow_custom_ops, {}};
    flags.compile_jobs = options.compile_jobs;
    flags.no_cpu_fallback = options.no_cpu_fallback;
    flags.all_stages = options.ep_all_stages;
    perf::GenaiLoadChoice choice = resolve_genai_load(flags, selector);
    if (options.no_tokenizer) choice.session.tokenizer = TokenizerUse::none;
    if (std::find(routings.begin(), routings.end(), choice.session.ep) == routings.end()) {
      routings.push_back(choice.session.ep);
    }
    return choice;
  });
  // `--ep cpu,X` on a CPU bundle would print one measurement under two names: refused up front.
  if (routings.size() > 1) bundle::refuse_identical_routings(bundle::load_genai_config(options.model).json, routings);
  PerfConsole console(options.out, options.monitor);
  perf::GenaiPerfReport report;
  report.sweep = plan.facts;
  report.sweep.shard = options.shard;
  {
    platform::StopOnInterrupt measuring;  // Ctrl-C: report what finished, exit 130
    report.results = benchmark.run(prompt_text, selected, choices.chooser(), console);
  }
  report.interrupted = benchmark.interruption();
  refuse_empty_interrupted_run(report.interrupted, report.results.size());
  emit_report(report, options, benchmark.report_path());
  finish_interrupted_run(report.interrupted);
}

}  // namespace winml::cli
