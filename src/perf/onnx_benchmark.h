#pragma once
/// \file
/// The `winml perf` benchmark of one ONNX model: session created once, generated or file inputs
/// bound once, then the latency loop where only Run is timed; the result row with memory samples
/// and machine facts attached. Never prints.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generated_inputs/input_shapes.h"
#include "perf/benchmark_setup.h"
#include "perf/onnx_result.h"
#include "perf/progress.h"
#include "winml/ep_choice.h"

namespace winml::perf {

/// Timed runs per benchmark, and warmup runs, when the flags do not say.
inline constexpr std::size_t kOnnxDefaultIterations = 100;
inline constexpr std::size_t kOnnxDefaultWarmup = 10;

/// Reads the tensors of an --input-data folder for the model's inputs. Given by the caller
/// (the CLI passes the onnx_io plugin's load_input_data) because reading TensorProto files needs
/// the ONNX protobuf library, which this module does not link.
using InputDataReader = std::function<std::vector<engine::HostTensor>(const std::filesystem::path& dir,
                                                                      const std::vector<engine::TensorInfo>& inputs)>;

/// How to create the session, decided by the caller: the load-time settings.
struct OnnxLoadChoice {
  EpChoice ep;                          ///< one EP on one device (EpResolver::select_onnx_ep)
  std::optional<int> intra_op_threads;  ///< --threads; nullopt = ONNX Runtime's default
};

/// What to benchmark, as the flags said (the load choice is given to run()).
struct OnnxBenchmarkRequest {
  std::string model;                ///< .onnx file
  ReportTarget report;              ///< where the report goes (checked at construction)
  LoopRequest loop;                 ///< --iterations / --warmup / --duration
  int batch_size = 1;               ///< value for dynamic batch dimensions
  bool batch_size_given = false;    ///< --batch-size was on the command line (refused when it cannot apply)
  std::vector<std::string> shapes;  ///< --shape NAME=d0,d1,... texts
  std::string input_data;           ///< --input-data folder; empty = generated inputs
  InputDataReader read_input_data;  ///< required when input_data is set
  std::vector<double> percentiles = default_percentiles();  ///< --percentiles, parsed
};

/// One single-model benchmark. Constructing it is the shared setup step (start stamp, report path,
/// iteration plan, --shape syntax, machine facts): it throws UsageError before anything loads.
class OnnxBenchmark {
 public:
  /// Runs the setup step; loads nothing.
  explicit OnnxBenchmark(OnnxBenchmarkRequest request, BenchmarkServices services = {});

  /// The checked report path (write the result there).
  const std::filesystem::path& report_path() const { return start_.report_path; }
  /// The validated iteration plan.
  const LoopSettings& loop() const { return start_.loop; }

  /// Creates the session as `choice` says, prepares and binds the inputs, runs the latency loop and returns
  /// the result row. Memory is sampled before and after creating the session and after the runs.
  /// Engine and input failures propagate as their winml::Error category.
  OnnxPerfResult run(const OnnxLoadChoice& choice, ProgressSink& progress);

 private:
  OnnxBenchmarkRequest request_;
  BenchmarkServices services_;
  BenchmarkStart start_;
  generated_inputs::ShapeOverrides overrides_;
  MachineInfo machine_;
};

}  // namespace winml::perf
