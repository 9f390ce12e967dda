// The winml runtime of `winml perf`: one ONNX model, generated or file inputs, only Run timed.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <limits>

#include "engine/engine_loader.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "ep/resolution.h"
#include "onnx_inputs/input_shapes.h"
#include "onnx_inputs/random_inputs.h"
#include "perf/latency_runner.h"
#include "perf/machine_info.h"
#include "perf/onnx_result.h"
#include "perf/process_memory.h"
#include "perf_options.h"
#include "perf_output.h"
#include "report/progress_reporter.h"
#include "tensor_files/input_data.h"
#include "winml/genai_session.h"

namespace winml::cli {
namespace {

struct PreparedInputs {
  std::vector<engine::HostTensor> tensors;
  std::vector<perf::OnnxInputFact> facts;
};

// Refuses --batch-size when no input has a batch dim it could set: the report would otherwise
// multiply samples/s by a batch the model never saw.
void require_batch_size_applies(const PerfOptions& options, const std::vector<engine::TensorInfo>& inputs,
                                const onnx_inputs::ShapeOverrides& overrides) {
  if (options.given.count("--batch-size") == 0 || onnx_inputs::batch_size_applies(inputs, overrides)) return;
  std::vector<std::string> shapes;
  shapes.reserve(inputs.size());
  for (const auto& input : inputs) shapes.push_back(fmt::format("{} [{}]", input.name, fmt::join(input.shape, ",")));
  throw UsageError(
      fmt::format("--batch-size {} has no effect on {}: no input has a dynamic batch dimension (dim 0) "
                  "left to set ({}; --shape sets its own). Drop --batch-size, or use a model exported "
                  "with a dynamic batch dimension.",
                  options.batch_size, options.model, fmt::join(shapes, ", ")));
}

PreparedInputs prepare_inputs(const PerfOptions& options, const std::vector<engine::TensorInfo>& inputs,
                              const onnx_inputs::ShapeOverrides& overrides, std::uint64_t memory_bytes) {
  PreparedInputs prepared;
  if (!options.input_data.empty()) {
    prepared.tensors = tensor_files::load_input_data(options.input_data, inputs);
  } else {
    onnx_inputs::check_overrides_match(inputs, overrides);
    require_batch_size_applies(options, inputs, overrides);
    std::vector<std::vector<std::int64_t>> shapes;
    std::uint64_t left = memory_bytes;  // all inputs together must fit, not each alone
    for (const auto& input : inputs) {
      shapes.push_back(onnx_inputs::resolve_shape(input, options.batch_size, overrides));
      left -= onnx_inputs::checked_tensor_bytes(input, shapes.back(), left);
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      prepared.tensors.push_back(onnx_inputs::random_tensor(inputs[i], shapes[i], /*seed=*/i + 1));
    }
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::string source = options.input_data.empty() ? "generated" : options.input_data;
    prepared.facts.push_back({inputs[i].name, inputs[i].type_name, prepared.tensors[i].shape, source});
  }
  return prepared;
}

}  // namespace

void run_onnx_perf(const PerfOptions& options) {
  auto start = std::chrono::system_clock::now();
  auto report_path = checked_report_path(options, start);
  perf::LoopSettings loop = loop_settings(options, /*default_iterations=*/100, /*default_warmup=*/10);
  onnx_inputs::ShapeOverrides overrides;  // syntax checked before anything loads
  for (const auto& text : options.shapes) onnx_inputs::parse_shape_override(text, overrides);
  perf::MachineInfo machine = perf::collect_machine_info();
  std::uint64_t memory_bytes =
      machine.memory_total_bytes > 0 ? machine.memory_total_bytes : std::numeric_limits<std::uint64_t>::max();

  register_ep_libraries(options.ep_libraries);
  ep::EngineEpDiscovery discovery;
  ep::EpResolver resolver(ep::discover_device_eps(discovery));
  std::string device = resolver.resolve_device(options.device.empty() ? "auto" : options.device, options.ep);
  std::string ep_name = options.ep.empty() ? resolver.resolve_eps(device).front() : ep::normalize_ep_name(options.ep);

  engine::SessionSpec spec;
  spec.model_path = options.model;
  spec.providers.push_back({ep_name, {}});
  perf::OnnxRunFacts facts;
  auto& engine = engine::get();
  facts.rss_before_load_bytes = perf::read_process_memory().rss_bytes;
  Clock clock = steady_clock_seconds();
  double created_at = clock();
  auto session = engine.create_onnx_session(spec);
  facts.session_creation_s = clock() - created_at;
  facts.rss_after_load_bytes = perf::read_process_memory().rss_bytes;

  PreparedInputs inputs = prepare_inputs(options, session->inputs(), overrides, memory_bytes);
  session->bind_inputs(inputs.tensors);
  auto progress = report::make_progress_reporter(std::cerr, options.out.verbosity < 0);
  perf::LatencyRun run = perf::run_latency_benchmark([&session] { session->run(); }, loop, clock, *progress);
  auto memory = perf::read_process_memory();
  facts.rss_after_runs_bytes = memory.rss_bytes;
  facts.peak_rss_bytes = memory.peak_rss_bytes;

  perf::OnnxPerfConfig config;
  config.model = options.model;
  config.ep = ep::require_ep(ep_name).alias;
  config.device = device;
  config.batch_size = options.batch_size;
  config.iterations = loop.iterations;
  config.duration_s = loop.duration_s;
  config.warmup = loop.warmup;
  config.input_data = options.input_data;
  config.inputs = std::move(inputs.facts);
  config.timestamp = report::rfc3339_local(start);

  auto versions = engine.versions();
  machine.onnxruntime_version = versions.onnxruntime;
  machine.genai_version = versions.genai;
  emit_report(perf::make_onnx_result(config, run, facts, machine), options, report_path);
}

}  // namespace winml::cli
