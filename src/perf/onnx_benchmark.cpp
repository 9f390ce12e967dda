#include "perf/onnx_benchmark.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include "ep/ort_providers.h"
#include "generated_inputs/random_inputs.h"
#include "generated_inputs/shape_plan.h"
#include "perf/input_data_check.h"
#include "perf/latency_runner.h"
#include "perf/onnx_profile.h"
#include "perf/random_outputs.h"
#include "perf/usage_sampling.h"
#include "session/placement.h"
#include "storage/report_file.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// What the observer was told of the generated inputs, so that it is told again only of a change.
struct ShapesShown {
  std::vector<std::vector<std::int64_t>> shapes;
  bool conflicts_warned = false;
};

struct PreparedInputs {
  std::vector<tensor_files::DataSet> sets;  // one, named "generated", without --input-data
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

// The shape a value feeds: a tensor's own, else that of the first tensor it holds ([] for None).
std::vector<std::int64_t> value_shape(const engine::HostValue& value) {
  if (value.kind == engine::ValueKind::tensor) return value.tensor.shape;
  return value.elements.empty() ? std::vector<std::int64_t>{} : value_shape(value.elements.front());
}

// Decides the generated inputs' shapes together (generated_inputs/shape_plan.h). Tells the
// observer the shapes whenever they differ from those it was last told (a batch sweep changes
// them), and warns of --shape conflicts once.
std::vector<std::vector<std::int64_t>> generated_shapes(const OnnxBenchmarkRequest& request, int batch_size,
                                                        const std::vector<engine::TensorInfo>& inputs,
                                                        const generated_inputs::ShapeOverrides& overrides,
                                                        ShapesShown& shown, BenchmarkObserver& observer) {
  generated_inputs::check_overrides_match(inputs, overrides);
  std::vector<engine::TensorInfo> tensors;
  tensors.reserve(inputs.size());
  for (const auto& input : inputs) {
    tensors.push_back(generated_inputs::tensor_info_of(input));
    tensors.back().name = input.name;  // --shape names the input, whatever it holds
    tensors.back().type_name = input.type_name;
  }
  require_batch_size_applies(request, batch_size, tensors, overrides);
  generated_inputs::ShapePlan plan = generated_inputs::plan_shapes(tensors, batch_size, overrides);
  if (!shown.conflicts_warned) {
    for (const auto& conflict : plan.conflicts) {
      observer.on_warning(generated_inputs::conflict_warning(conflict, tensors, overrides));
    }
    shown.conflicts_warned = true;
  }
  if (plan.shapes != shown.shapes) {
    observer.on_generated_inputs(tensors, plan);
    shown.shapes = plan.shapes;
  }
  return std::move(plan.shapes);
}

PreparedInputs prepare_inputs(const OnnxBenchmarkRequest& request, int batch_size,
                              const std::vector<engine::TensorInfo>& inputs,
                              const std::vector<engine::TensorInfo>& outputs,
                              const generated_inputs::ShapeOverrides& overrides, std::uint64_t memory_bytes,
                              ShapesShown& shown, BenchmarkObserver& observer) {
  PreparedInputs prepared;
  if (!request.input_data.empty()) {
    if (!request.read_input_data) throw std::logic_error("OnnxBenchmarkRequest.read_input_data is not set");
    prepared.sets = request.read_input_data(request.input_data, inputs, outputs, request.validate);
  } else {
    const std::vector<std::vector<std::int64_t>> shapes =
        generated_shapes(request, batch_size, inputs, overrides, shown, observer);
    std::uint64_t left = memory_bytes;  // all inputs together must fit, not each alone
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      left -= generated_inputs::checked_tensor_bytes(inputs[i], shapes[i], left);
    }
    tensor_files::DataSet generated{"generated", {}, {}};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      generated.inputs.push_back(generated_inputs::random_value(inputs[i], shapes[i], /*seed=*/i + 1));
    }
    prepared.sets.push_back(std::move(generated));
  }
  // The facts describe the first data set (every set feeds the same inputs, perhaps in other shapes).
  const auto& first = prepared.sets.front().inputs;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::string source = "generated";
    if (!request.input_data.empty()) {
      source = prepared.sets.size() == 1
                   ? request.input_data
                   : (std::filesystem::path(request.input_data) / prepared.sets.front().name).string();
    }
    prepared.facts.push_back({inputs[i].name, inputs[i].type_name, value_shape(first[i]), source});
  }
  return prepared;
}

// Validates the first outputs of every data set; a set the loop never reached (fewer runs than
// sets) runs once more here, untimed.
// Outputs drawn by random operators (read from the model's graph) are held to their shape and type.
OnnxValidation validate_outputs(engine::OnnxSession& session, const PreparedInputs& inputs, std::size_t runs_done,
                                const ToleranceRequest& tolerance, const RandomOutputs& random) {
  std::vector<std::string> types;
  for (const auto& output : session.outputs()) types.push_back(output.type_name);
  OnnxValidation validation;
  validation.rtol = tolerance.rtol;
  validation.atol = tolerance.atol;
  for (std::size_t set = 0; set < inputs.sets.size(); ++set) {
    if (set >= runs_done) session.run(set);
    auto checks = check_outputs(inputs.sets[set].name, session.first_outputs(set), inputs.sets[set].outputs, types,
                                tolerance, random);
    validation.outputs.insert(validation.outputs.end(), checks.begin(), checks.end());
  }
  return validation;
}

// What the runs of one combination have gathered so far, pooled over the rounds in round order.
struct OnnxPooledRuns {
  OnnxPerfConfig config;                     // settled by its first run
  MachineInfo machine;                       // with the engine's versions
  OnnxRunFacts facts;                        // its first run's load and inputs; memory after its last
  LatencyRun samples;                        // the first run of its first round; every round's warmup and timed runs
  std::vector<ClockCheck> clock;             // one per round
  std::vector<OnnxRound> rounds;             // one per round
  std::optional<OnnxValidation> validation;  // --validate: checked in the first round
  CombinationProgress progress;              // what has run, for an interruption's summary
  std::optional<RunProfile> profile;         // --profile: made after its last round
};

}  // namespace

OnnxBenchmark::OnnxBenchmark(OnnxBenchmarkRequest request, BenchmarkServices services)
    : request_(std::move(request)),
      services_(std::move(services)),
      start_(begin_benchmark(request_.report, request_.loop, kOnnxDefaultIterations, kOnnxDefaultWarmup, services_)) {
  if (request_.profile) require_profile_folder(start_.report_path, request_.report.overwrite);
  // --shape syntax is checked before anything loads; the machine's memory bounds generated inputs.
  for (const auto& text : request_.shapes) generated_inputs::parse_shape_override(text, overrides_);
  if (request_.validate && request_.input_data.empty()) {
    throw UsageError(
        "--validate compares outputs with a data set's output_N.pb files: give the data with "
        "--input-data DIR.");
  }
  // Each data file must be readable at all: known before the model loads, unlike its types.
  if (!request_.input_data.empty()) check_input_data_files(request_.input_data, request_.validate);
  machine_ = services_.machine_info();
}

std::vector<OnnxPerfResult> OnnxBenchmark::run(std::span<const Combination> combinations, const OnnxLoadChooser& choose,
                                               BenchmarkObserver& observer) {
  std::uint64_t memory_bytes =
      machine_.memory_total_bytes > 0 ? machine_.memory_total_bytes : std::numeric_limits<std::uint64_t>::max();
  auto& engine = services_.get_engine();
  const std::vector<ScheduledRun> schedule = schedule_rounds(combinations, request_.rounds.rounds);
  std::vector<OnnxPooledRuns> pooled(combinations.size());
  std::unique_ptr<engine::OnnxSession> session;
  OnnxLoadChoice choice;
  OnnxRunFacts load_facts;
  interruption_.reset();
  ShapesShown shown;
  UsageSampling sampling(request_.sample_interval, services_.clock, observer);
  sampling.measure_idle(request_.idle_power_s, services_.clock, services_.stop);
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (stop_requested(services_.stop)) break;
    const ScheduledRun& scheduled = schedule[i];
    const Combination& combination = combinations[scheduled.position];
    if (scheduled.loads) {
      session.reset();  // one session at a time: release the last before creating the next
      choice = choose(combination.load);
      engine::SessionSpec spec;
      spec.model_path = request_.model;
      spec.providers = ep::ort_providers(choice.ep);
      spec.intra_op_threads = choice.intra_op_threads.value_or(0);
      if (request_.no_cpu_fallback) {
        if (spec.providers.empty()) throw UsageError(session::kNoCpuFallbackOnCpu);
        spec.config_entries[session::kDisableCpuFallbackKey] = "1";
      }
      load_facts = {};
      load_facts.rss_before_load_bytes = services_.read_memory().rss_bytes;
      observer.on_loading(request_.model, choice.ep);
      const double created_at = services_.clock();
      session = session::create_session_or_explain_fallback(engine, spec, "model");
      load_facts.session_creation_s = services_.clock() - created_at;
      sampling.span(scheduled.position, resources::UsagePhase::load, created_at, services_.clock());
      load_facts.placement = {session::session_placement(*session, "model", spec)};
      load_facts.rss_after_load_bytes = services_.read_memory().rss_bytes;
    }
    begin_scheduled_run(i, scheduled, combinations, request_.rounds, services_, observer);
    OnnxPooledRuns& runs = pooled[scheduled.position];
    const bool first_round = runs.rounds.empty();
    const int batch_size = combination.run.batch_size;
    const double inputs_at = services_.clock();
    PreparedInputs inputs = prepare_inputs(request_, batch_size, session->inputs(), session->outputs(), overrides_,
                                           memory_bytes, shown, observer);
    std::vector<std::vector<engine::HostValue>> sets;
    for (auto& set : inputs.sets) sets.push_back(std::move(set.inputs));
    session->bind_inputs(sets, request_.validate && first_round);
    sets.clear();  // the session holds its own copy
    const double input_preparation_s = services_.clock() - inputs_at;
    // The runs cycle through the data sets: run k feeds set k mod N.
    std::size_t next_set = 0;
    PhaseSpanRecorder spans(observer, sampling, scheduled.position, services_.clock);
    const auto cores = sampling.open_cores();
    ClockCheck clock{scheduled.round, services_.read_cpu_clock(), {}};
    LatencyRun run = run_latency_benchmark(
        [&] {
          session->run(next_set);
          next_set = next_set + 1 == inputs.sets.size() ? 0 : next_set + 1;
        },
        start_.loop, services_.clock, spans, services_.stop);
    clock.after = services_.read_cpu_clock();
    sampling.close_cores(scheduled.position, cores);
    runs.progress.rounds_run += 1;
    runs.progress.timed += run.timed_s.size();
    runs.progress.stopped = runs.progress.stopped || run.stopped;
    if (throttled(clock).value_or(false)) observer.on_warning(throttle_warning(clock, combination.label));
    const auto memory = services_.read_memory();
    runs.clock.push_back(clock);
    runs.rounds.push_back(onnx_round(scheduled.round, run.timed_s));
    runs.facts.rss_after_runs_bytes = memory.rss_bytes;
    runs.facts.peak_rss_bytes = std::max(runs.facts.peak_rss_bytes, memory.peak_rss_bytes);
    runs.samples.warmup_s.insert(runs.samples.warmup_s.end(), run.warmup_s.begin(), run.warmup_s.end());
    runs.samples.timed_s.insert(runs.samples.timed_s.end(), run.timed_s.begin(), run.timed_s.end());
    runs.samples.timed_wall_s += run.timed_wall_s;
    if (request_.profile && scheduled.round == request_.rounds.rounds && !run.stopped &&
        !stop_requested(services_.stop)) {
      // After the combination's last timed run; the profiled Runs use options of their own.
      const OnnxMetrics timed = compute_onnx_metrics(runs.samples, batch_size, request_.percentiles);
      runs.profile = profile_onnx(*session, inputs.sets.size(), timed,
                                  profile_folder(start_.report_path) / std::to_string(scheduled.position + 1),
                                  *request_.profile, !ep::ort_providers(choice.ep).empty(), services_.clock);
    }
    if (!first_round) continue;

    // The first round settles the configuration, the load and the first run, and validates outputs.
    runs.samples.first_run_s = run.first_run_s;
    runs.facts.session_creation_s = load_facts.session_creation_s;
    runs.facts.rss_before_load_bytes = load_facts.rss_before_load_bytes;
    runs.facts.rss_after_load_bytes = load_facts.rss_after_load_bytes;
    runs.facts.input_preparation_s = input_preparation_s;
    runs.facts.placement = load_facts.placement;
    OnnxPerfConfig& config = runs.config;
    config.model = request_.model;
    config.ep = choice.ep.ep_label();
    config.device = choice.ep.device();
    config.batch_size = batch_size;
    config.iterations = start_.loop.iterations;
    config.duration_s = start_.loop.duration_s;
    config.warmup = start_.loop.warmup;
    config.input_data = request_.input_data;
    config.inputs = std::move(inputs.facts);
    for (const auto& set : inputs.sets) config.data_sets.push_back(set.name);
    config.run = run_wide(request_.percentiles, request_.rounds.rounds, request_.rounds.delay_s,
                          storage::rfc3339_local(start_.started));
    runs.machine = machine_;
    attach_engine_versions(runs.machine, engine);
    config.run.threads = onnx_threads_in_effect(choice.intra_op_threads, runs.machine);
    // Not after a stop: validating may run every data set once more, and Ctrl-C wants the report.
    if (request_.validate && !run.stopped) {
      const std::size_t runs_done = 1 + run.warmup_s.size() + run.timed_s.size();
      runs.validation = validate_outputs(*session, inputs, runs_done, request_.tolerance,
                                         services_.read_random_outputs(request_.model));
    }
  }
  sampling.stop();
  std::vector<CombinationProgress> progress;
  for (const OnnxPooledRuns& runs : pooled) progress.push_back(runs.progress);
  if (stop_requested(services_.stop)) interruption_ = summarize_interruption(progress, request_.rounds.rounds);
  std::vector<OnnxPerfResult> results;
  results.reserve(pooled.size());
  for (std::size_t i = 0; i < pooled.size(); ++i) {
    OnnxPooledRuns& runs = pooled[i];
    if (runs.progress.timed == 0) continue;  // stopped before it measured anything
    OnnxPerfResult result = make_onnx_result(std::move(runs.config), runs.samples, runs.facts, std::move(runs.machine));
    result.context.clock = std::move(runs.clock);
    result.rounds = std::move(runs.rounds);
    result.metrics.validation = std::move(runs.validation);
    result.profile = std::move(runs.profile);
    result.context.resources = sampling.usage(i, {}, result.context.machine.logical_cores);
    result.facts.peak_rss_bytes = run_peak_rss(result.facts.peak_rss_bytes, result.context.resources);
    note_other_load(result.context.quality, result.context.resources);
    add_target_ci(result.context.quality, start_.loop, "latency_ms", result.metrics.latency_s,
                  result.samples.timed_s.size());
    results.push_back(std::move(result));
  }
  // Over every round's runs, so said once the last round has run: one line per kind of warning
  // for the whole sweep, the report keeping each.
  std::vector<const RunQuality*> qualities;
  for (const OnnxPerfResult& result : results) qualities.push_back(&result.context.quality);
  for (const std::string& warning : quality_warnings(combinations, qualities)) observer.on_warning(warning);
  return results;
}

}  // namespace winml::perf
