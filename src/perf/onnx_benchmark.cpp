#include "perf/onnx_benchmark.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <limits>
#include <stdexcept>

#include "ep/ort_providers.h"
#include "generated_inputs/random_inputs.h"
#include "perf/latency_runner.h"
#include "report/report_file.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

struct PreparedInputs {
  std::vector<engine::HostTensor> tensors;
  std::vector<OnnxInputFact> facts;
};

// Refuses --batch-size when no input has a batch dim it could set: the report would otherwise
// multiply samples/s by a batch the model never saw.
void require_batch_size_applies(const OnnxBenchmarkRequest& request, int batch_size,
                                const std::vector<engine::TensorInfo>& inputs,
                                const generated_inputs::ShapeOverrides& overrides) {
  if (!request.batch_size_given || generated_inputs::batch_size_applies(inputs, overrides)) return;
  std::vector<std::string> shapes;
  shapes.reserve(inputs.size());
  for (const auto& input : inputs) shapes.push_back(fmt::format("{} [{}]", input.name, fmt::join(input.shape, ",")));
  throw UsageError(
      fmt::format("--batch-size {} has no effect on {}: no input has a dynamic batch dimension (dim 0) "
                  "left to set ({}; --shape sets its own). Drop --batch-size, or use a model exported "
                  "with a dynamic batch dimension.",
                  batch_size, request.model, fmt::join(shapes, ", ")));
}

PreparedInputs prepare_inputs(const OnnxBenchmarkRequest& request, int batch_size,
                              const std::vector<engine::TensorInfo>& inputs,
                              const generated_inputs::ShapeOverrides& overrides, std::uint64_t memory_bytes) {
  PreparedInputs prepared;
  if (!request.input_data.empty()) {
    if (!request.read_input_data) throw std::logic_error("OnnxBenchmarkRequest.read_input_data is not set");
    prepared.tensors = request.read_input_data(request.input_data, inputs);
  } else {
    generated_inputs::check_overrides_match(inputs, overrides);
    require_batch_size_applies(request, batch_size, inputs, overrides);
    std::vector<std::vector<std::int64_t>> shapes;
    std::uint64_t left = memory_bytes;  // all inputs together must fit, not each alone
    for (const auto& input : inputs) {
      shapes.push_back(generated_inputs::resolve_shape(input, batch_size, overrides));
      left -= generated_inputs::checked_tensor_bytes(input, shapes.back(), left);
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      prepared.tensors.push_back(generated_inputs::random_tensor(inputs[i], shapes[i], /*seed=*/i + 1));
    }
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::string source = request.input_data.empty() ? "generated" : request.input_data;
    prepared.facts.push_back({inputs[i].name, inputs[i].type_name, prepared.tensors[i].shape, source});
  }
  return prepared;
}

}  // namespace

OnnxBenchmark::OnnxBenchmark(OnnxBenchmarkRequest request, BenchmarkServices services)
    : request_(std::move(request)),
      services_(std::move(services)),
      start_(begin_benchmark(request_.report, request_.loop, kOnnxDefaultIterations, kOnnxDefaultWarmup, services_)) {
  // --shape syntax is checked before anything loads; the machine's memory bounds generated inputs.
  for (const auto& text : request_.shapes) generated_inputs::parse_shape_override(text, overrides_);
  machine_ = services_.machine_info();
}

std::vector<OnnxPerfResult> OnnxBenchmark::run(std::span<const Combination> combinations, const OnnxLoadChooser& choose,
                                               ProgressSink& progress) {
  std::uint64_t memory_bytes =
      machine_.memory_total_bytes > 0 ? machine_.memory_total_bytes : std::numeric_limits<std::uint64_t>::max();
  auto& engine = services_.get_engine();
  std::vector<OnnxPerfResult> results;
  for (std::span<const Combination> group : load_groups(combinations)) {
    const OnnxLoadChoice choice = choose(group.front().load);
    engine::SessionSpec spec;
    spec.model_path = request_.model;
    spec.providers = ep::ort_providers(choice.ep);
    spec.intra_op_threads = choice.intra_op_threads.value_or(0);
    OnnxRunFacts load_facts;
    load_facts.rss_before_load_bytes = services_.read_memory().rss_bytes;
    const double created_at = services_.clock();
    auto session = engine.create_onnx_session(spec);
    load_facts.session_creation_s = services_.clock() - created_at;
    load_facts.rss_after_load_bytes = services_.read_memory().rss_bytes;

    for (const Combination& combination : group) {
      if (combinations.size() > 1)
        progress.on_combination({results.size() + 1, combinations.size(), combination.label});
      const int batch_size = combination.run.batch_size;
      OnnxRunFacts facts = load_facts;
      const double inputs_at = services_.clock();
      PreparedInputs inputs = prepare_inputs(request_, batch_size, session->inputs(), overrides_, memory_bytes);
      session->bind_inputs(inputs.tensors);
      facts.input_preparation_s = services_.clock() - inputs_at;
      LatencyRun run = run_latency_benchmark([&session] { session->run(); }, start_.loop, services_.clock, progress);
      auto memory = services_.read_memory();
      facts.rss_after_runs_bytes = memory.rss_bytes;
      facts.peak_rss_bytes = memory.peak_rss_bytes;

      OnnxPerfConfig config;
      config.model = request_.model;
      config.ep = choice.ep.ep_label();
      config.device = choice.ep.device();
      config.batch_size = batch_size;
      config.iterations = start_.loop.iterations;
      config.duration_s = start_.loop.duration_s;
      config.warmup = start_.loop.warmup;
      config.input_data = request_.input_data;
      config.percentiles = request_.percentiles;
      config.inputs = std::move(inputs.facts);
      config.timestamp = report::rfc3339_local(start_.started);

      MachineInfo machine = machine_;
      attach_engine_versions(machine, engine);
      config.threads = onnx_threads_in_effect(choice.intra_op_threads, machine);
      results.push_back(make_onnx_result(config, run, facts, machine));
    }
  }
  return results;
}

}  // namespace winml::perf
