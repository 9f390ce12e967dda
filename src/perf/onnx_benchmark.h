#pragma once
/// \file
/// The `winml perf` benchmark of one ONNX model: for every combination of a sweep (under --rounds
/// once per round, interleaved), generated or file inputs bound (every data set of an --input-data
/// folder; the runs cycle through them), then the latency loop where only Run is timed; one result
/// row each, its rounds pooled, with memory samples, machine facts and, with --validate, each data
/// set's first outputs checked against the outputs it expects. The session is created once per
/// distinct load-time setting (EP, device, threads) and round (once in all when there is one
/// setting: schedule_rounds), never per combination. Never prints.

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "generated_inputs/input_shapes.h"
#include "perf/benchmark_observer.h"
#include "perf/benchmark_setup.h"
#include "perf/onnx_result.h"
#include "perf/output_validation.h"
#include "perf/run_profile.h"
#include "perf/sweep_plan.h"
#include "resources/sampler.h"
#include "tensor_files/input_data.h"
#include "winml/ep_choice.h"

namespace winml::perf {

/// Timed runs per benchmark, and warmup runs, when the flags do not say.
inline constexpr std::size_t kOnnxDefaultIterations = 100;
inline constexpr std::size_t kOnnxDefaultWarmup = 10;

/// Reads the data sets of an --input-data folder for the model's inputs (and, with read_outputs,
/// the outputs they expect). Given by the caller (the CLI passes the onnx_io plugin's
/// load_data_sets) because reading ONNX protobuf files needs the ONNX protobuf library, which
/// this module does not link.
using InputDataReader = std::function<std::vector<tensor_files::DataSet>(
    const std::filesystem::path& dir, const std::vector<engine::TensorInfo>& inputs,
    const std::vector<engine::TensorInfo>& outputs, bool read_outputs)>;

/// How to create the session, decided by the caller: the load-time settings.
struct OnnxLoadChoice {
  EpChoice ep;                          ///< one EP on one device (EpResolver::select_onnx_ep)
  std::optional<int> intra_op_threads;  ///< --threads; nullopt = ONNX Runtime's default
};

/// Decides how to create the session for one combination's load settings (the CLI resolves the
/// EP and device). Called once per group of combinations that share them.
using OnnxLoadChooser = std::function<OnnxLoadChoice(const LoadSettings&)>;

/// What to benchmark, as the flags said (the load choice and the batch size of each combination
/// are given to run()).
struct OnnxBenchmarkRequest {
  std::string model;                ///< .onnx file
  ReportTarget report;              ///< where the report goes (checked at construction)
  LoopRequest loop;                 ///< --iterations / --warmup / --duration
  bool batch_size_given = false;    ///< --batch-size was on the command line (refused when it cannot apply)
  std::vector<std::string> shapes;  ///< --shape NAME=d0,d1,... texts
  std::string input_data;           ///< --input-data folder; empty = generated inputs
  InputDataReader read_input_data;  ///< required when input_data is set
  bool validate = false;            ///< --validate: compare each data set's first outputs with its output_N.pb
  ToleranceRequest tolerance;       ///< --rtol / --atol
  std::vector<double> percentiles = default_percentiles();  ///< --percentiles, parsed
  RoundPlan rounds;                                         ///< --rounds / --delay
  /// --no-cpu-fallback: the session refuses to place nodes on the CPU (an accelerator EP is
  /// required; a refusal names the nodes the EP did not take).
  bool no_cpu_fallback = false;
  /// --profile: after each combination's last round, profiled Runs of the timed session
  /// (onnx_profile.h); the traces go to <report>.profile/<combination>/.
  std::optional<ProfileRequest> profile;
  /// --sample-ms: how often the resource sampler reads (resources/sampler.h); 0 samples nothing
  /// and leaves every result's resources empty.
  std::chrono::milliseconds sample_interval = resources::kDefaultSampleInterval;
  /// --idle-power: seconds the machine is left idle, sampled, before the first load; 0 none.
  double idle_power_s = 0;
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

  /// Measures `combinations` in the order of schedule_rounds (every round runs every combination in
  /// order): a run that begins a load group creates the session as `choose` says (releasing the
  /// one before), sleeps the --delay unless it is the first run, prepares and binds inputs of its
  /// batch size and runs the latency loop, with the CPU clock read right before and after it (a
  /// fall beyond kThrottleDropPercent is a warning). Returns one result per combination, in plan
  /// order, its rounds' runs pooled in round order (with its validation, checked in the first
  /// round, when asked; a mismatch is in the row, not thrown). Memory is sampled before and after
  /// creating the session and after each run. Engine and input failures propagate as their
  /// winml::Error category. Warnings about a run (high variation, short warmup, a throttled CPU
  /// clock) go to observer.on_warning. Once services.stop says stop, no run, load or combination
  /// starts (nor validation): the results are those with a finished timed run (perhaps none) and
  /// interruption() says how far the run got.
  std::vector<OnnxPerfResult> run(std::span<const Combination> combinations, const OnnxLoadChooser& choose,
                                  BenchmarkObserver& observer);

  /// Set when the last run() was stopped early (Ctrl-C); empty when it ran its whole plan.
  const std::optional<Interruption>& interruption() const { return interruption_; }

 private:
  OnnxBenchmarkRequest request_;
  BenchmarkServices services_;
  BenchmarkStart start_;
  generated_inputs::ShapeOverrides overrides_;
  MachineInfo machine_;
  std::optional<Interruption> interruption_;
};

}  // namespace winml::perf
