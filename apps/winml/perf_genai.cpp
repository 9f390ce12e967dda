// The winml-genai runtime of `winml perf`: flags to a GenaiBenchmark, its result to the report.

#include "bundle_limits.h"
#include "genai_load_flags.h"
#include "perf/genai_benchmark.h"
#include "perf_console.h"
#include "perf_options.h"
#include "perf_output.h"
#include "prompt_source.h"

namespace winml::cli {

void run_genai_perf(const PerfOptions& options) {
  perf::GenaiBenchmarkRequest request;
  request.bundle = options.model;
  request.report = report_target(options);
  request.loop = loop_request(options);
  request.prompt_tokens = options.prompt_tokens;
  request.max_new_tokens = options.max_new_tokens;
  request.apply_template = options.apply_template;
  request.stop_at_eos = options.stop_at_eos;
  request.cold = options.cold;
  request.percentiles = options.percentiles;
  perf::GenaiBenchmark benchmark(request);  // checks the report path and the loop before anything loads

  std::string prompt_text = resolve_prompt(options.prompt, options.prompt_file, kDefaultPrompt);
  check_bundle_bounds(options.model, {options.prompt_tokens, std::nullopt});
  perf::GenaiLoadChoice choice =
      genai_load_choice({options.ep, options.device, options.threads, options.compile, options.compile_timeout_s,
                         options.allow_custom_ops, options.ep_libraries});
  PerfConsole console(options.out);
  emit_report(benchmark.run(prompt_text, choice, console), options, benchmark.report_path());
}

}  // namespace winml::cli
