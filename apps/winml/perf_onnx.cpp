// The winml runtime of `winml perf`: flags to an OnnxBenchmark, its result to the report.

#include "cli_common.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "ep/ep_selection.h"
#include "onnx_io/onnx_io_loader.h"
#include "perf/onnx_benchmark.h"
#include "perf/perf_report.h"
#include "perf/sweep_selection.h"
#include "perf/validation_verdict.h"
#include "perf_console.h"
#include "perf_options.h"
#include "perf_output.h"
#include "platform/interrupt_request.h"
#include "run_interrupted.h"
#include "session/placement.h"
#include "winml/errors.h"

namespace winml::cli {

void run_onnx_perf(const PerfOptions& options, const perf::SweepPlan& plan) {
  perf::OnnxBenchmarkRequest request;
  request.model = options.model;
  request.report = report_target(options);
  request.loop = loop_request(options);
  request.rounds = round_plan(options);
  request.batch_size_given = options.given.count("--batch-size") != 0;
  request.shapes = options.shapes;
  request.input_data = options.input_data;
  request.percentiles = options.percentiles;
  request.sample_interval = std::chrono::milliseconds(options.sample_ms);
  request.idle_power_s = options.idle_power_s;
  if (options.profile) request.profile = perf::ProfileRequest{options.profile_top.value_or(perf::kDefaultProfileTop)};
  request.validate = options.validate;
  request.tolerance = {options.rtol, options.atol};
  request.no_cpu_fallback = options.no_cpu_fallback;
  // Reading ONNX protobuf files needs libprotobuf: through the onnx_io plugin, loaded only here.
  request.read_input_data = [](const std::filesystem::path& dir, const std::vector<engine::TensorInfo>& inputs,
                               const std::vector<engine::TensorInfo>& outputs, bool read_outputs) {
    return onnx_io::get().load_data_sets(dir, inputs, outputs, read_outputs);
  };
  perf::OnnxBenchmark benchmark(request);  // checks the report path, loop and --shape before anything loads

  // Only the shard's combinations are resolved and run: a load group outside it is never loaded.
  const std::span<const perf::Combination> selected = perf::selected_combinations(plan, options.shard);
  register_ep_libraries(options.ep_libraries);
  // --ep wins; else the first EP of the resolved device (--device, default auto) on this machine.
  ep::EngineEpDiscovery discovery;
  ep::EpSelector selector(discovery);
  perf::LoadChoices<perf::OnnxLoadChoice> choices(selected, [&](const perf::LoadSettings& load) {
    perf::OnnxLoadChoice choice{selector.for_model(load.ep, load.device), load.threads};
    // Known before anything loads, for every combination of a sweep.
    const ep::EpInfo* info = choice.ep.info();
    if (options.no_cpu_fallback && (info == nullptr || ep::is_cpu(*info))) {
      throw UsageError(session::kNoCpuFallbackOnCpu);
    }
    return choice;
  });
  PerfConsole console(options.out, options.monitor);
  perf::OnnxPerfReport report;
  report.sweep = plan.facts;
  report.sweep.shard = options.shard;
  {
    platform::StopOnInterrupt measuring;  // Ctrl-C: report what finished, exit 130
    report.results = benchmark.run(selected, choices.chooser(), console);
  }
  report.interrupted = benchmark.interruption();
  refuse_empty_interrupted_run(report.interrupted, report.results.size());
  emit_report(report, options, benchmark.report_path());
  finish_interrupted_run(report.interrupted);
  // After the report: the timing stands whatever the outputs were.
  perf::require_valid_outputs(report.results);
}

}  // namespace winml::cli
