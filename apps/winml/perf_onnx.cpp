// The winml runtime of `winml perf`: flags to an OnnxBenchmark, its result to the report.

#include "cli_common.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "ep/resolution.h"
#include "onnx_io/onnx_io_loader.h"
#include "perf/onnx_benchmark.h"
#include "perf_console.h"
#include "perf_options.h"
#include "perf_output.h"

namespace winml::cli {
namespace {

// --ep wins; else the first EP of the resolved device (--device, default auto) on this machine.
perf::OnnxEpChoice select_onnx_ep(const PerfOptions& options) {
  ep::EngineEpDiscovery discovery;
  ep::EpResolver resolver(ep::discover_device_eps(discovery));
  perf::OnnxEpChoice choice;
  choice.device = resolver.resolve_device(options.device.empty() ? "auto" : options.device, options.ep);
  choice.ep_name = options.ep.empty() ? resolver.resolve_eps(choice.device).front() : ep::normalize_ep_name(options.ep);
  choice.ep_alias = ep::require_ep(choice.ep_name).alias;
  return choice;
}

}  // namespace

void run_onnx_perf(const PerfOptions& options) {
  perf::OnnxBenchmarkRequest request;
  request.model = options.model;
  request.report = report_target(options);
  request.loop = loop_request(options);
  request.batch_size = options.batch_size;
  request.batch_size_given = options.given.count("--batch-size") != 0;
  request.shapes = options.shapes;
  request.input_data = options.input_data;
  // Reading TensorProto files needs libprotobuf: through the onnx_io plugin, loaded only here.
  request.read_input_data = [](const std::filesystem::path& dir, const std::vector<engine::TensorInfo>& inputs) {
    return onnx_io::get().load_input_data(dir, inputs);
  };
  perf::OnnxBenchmark benchmark(request);  // checks the report path, loop and --shape before anything loads

  register_ep_libraries(options.ep_libraries);
  perf::OnnxEpChoice ep = select_onnx_ep(options);
  PerfConsole console(options.out);
  emit_report(benchmark.run(ep, console), options, benchmark.report_path());
}

}  // namespace winml::cli
