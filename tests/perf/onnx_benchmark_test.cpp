#include "perf/onnx_benchmark.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <functional>

#include "perf/fake_engine.h"
#include "perf/recording_observer.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

class OnnxBenchmarkTest : public ::testing::Test {
 protected:
  OnnxBenchmarkTest() {
    engine_.onnx_inputs = {{"x", engine::ElementType::float32, "float", {-1, 3}, {"batch", ""}}};
    request_.model = (dir_.path() / "model.onnx").string();
    request_.report.output = (dir_.path() / "report.json").string();
  }
  OnnxBenchmark benchmark() { return OnnxBenchmark(request_, testing::fake_services(world_, engine_)); }
  static OnnxLoadChoice cpu(std::optional<int> threads = std::nullopt) {
    return {EpChoice::parse("cpu", "cpu"), threads};
  }
  static OnnxLoadChooser always(OnnxLoadChoice choice) {
    return [choice](const LoadSettings&) { return choice; };
  }
  std::span<const Combination> one() const { return {&combination_, 1}; }
  // A plain run: the one combination, loaded as `choice` says.
  OnnxPerfResult run(const OnnxLoadChoice& choice) { return benchmark().run(one(), always(choice), progress_).at(0); }

  winml::test::TempDir dir_;
  testing::FakeWorld world_;
  testing::FakeEngine engine_{world_};
  OnnxBenchmarkRequest request_;
  Combination combination_;
  testing::RecordingObserver progress_{world_};
};

TEST_F(OnnxBenchmarkTest, RunsFirstWarmupAndTimedRunsAndTimesOnlyTimedOnes) {
  request_.loop = {5, 3, std::nullopt};
  engine_.run_costs = {9.0, 4.0, 4.0, 4.0, 0.5};  // first run, 3 warmup, then timed at 0.5 s
  auto result = run(cpu());
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "run"), 1 + 3 + 5);
  EXPECT_EQ(result.samples.timed_s.size(), 5u);
  EXPECT_EQ(result.metrics.latency_s.count, 5u);
  EXPECT_DOUBLE_EQ(result.metrics.latency_s.mean, 0.5);  // warmup and first run left out
  EXPECT_DOUBLE_EQ(result.metrics.first_run_s, 9.0);
  EXPECT_EQ(result.metrics.warmup_count, 3u);
  EXPECT_DOUBLE_EQ(result.metrics.warmup_mean_s, 4.0);
  EXPECT_EQ(result.config.iterations, 5u);
  EXPECT_EQ(result.config.warmup, 3u);
}

TEST_F(OnnxBenchmarkTest, PlacementIsTheTimedSessionsOwn) {
  request_.loop = {1, 0, std::nullopt};
  world_.placement = {{"CPUExecutionProvider", "a", "", "Add"}, {"CPUExecutionProvider", "b", "", "Add"}};
  auto result = run(cpu());
  ASSERT_EQ(result.facts.placement.size(), 1u);
  EXPECT_EQ(result.facts.placement[0].stage, "model");
  EXPECT_EQ(result.facts.placement[0].source, "session");
  EXPECT_EQ(result.facts.placement[0].configured_ep, kCpuEpName);
  EXPECT_EQ(result.facts.placement[0].nodes, 2);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "create_session"), 1);  // no second session
}

TEST_F(OnnxBenchmarkTest, NoCpuFallbackRefusesTheCpuAndSetsTheEntryOnAnAccelerator) {
  request_.loop = {1, 0, std::nullopt};
  request_.no_cpu_fallback = true;
  EXPECT_THROW(run(cpu()), UsageError);
  EXPECT_TRUE(engine_.specs.empty());
  run({EpChoice::parse("qnn", "npu"), std::nullopt});
  ASSERT_EQ(engine_.specs.size(), 1u);
  EXPECT_EQ(engine_.specs[0].config_entries.at("session.disable_cpu_ep_fallback"), "1");
}

TEST_F(OnnxBenchmarkTest, DefaultCountsAreTheRuntimes) {
  auto result = run(cpu());
  EXPECT_EQ(result.samples.timed_s.size(), kOnnxDefaultIterations);
  EXPECT_EQ(result.samples.warmup_s.size(), kOnnxDefaultWarmup);
}

TEST_F(OnnxBenchmarkTest, DurationModeStopsOnceTheBudgetIsSpent) {
  request_.loop = {std::nullopt, 1, 1.0};
  engine_.run_costs = {0.3};
  auto result = run(cpu());
  // Timed runs start at 0, 0.3, 0.6 and 0.9 s into the phase; at 1.2 s the budget is spent.
  EXPECT_EQ(result.samples.timed_s.size(), 4u);
  EXPECT_EQ(result.config.duration_s, 1.0);
}

TEST_F(OnnxBenchmarkTest, ReportPathIsCheckedBeforeAnythingLoads) {
  std::ofstream(request_.report.output) << "{}";  // taken, and no --overwrite
  EXPECT_THROW(benchmark(), UsageError);
  EXPECT_TRUE(world_.events.empty());
  request_.report.overwrite = true;
  EXPECT_NO_THROW(benchmark());
}

TEST_F(OnnxBenchmarkTest, ShapeSyntaxIsCheckedBeforeAnythingLoads) {
  request_.shapes = {"x=1,,3"};
  EXPECT_THROW(benchmark(), UsageError);
  EXPECT_TRUE(world_.events.empty());
}

TEST_F(OnnxBenchmarkTest, SamplesMemoryAroundLoadingAndAfterTheRuns) {
  request_.loop = {2, 0, std::nullopt};
  auto result = run(cpu());
  // The loading notice comes before the session creation it announces.
  std::vector<std::string> expected = {
      "memory", "loading " + request_.model, "create_session", "memory", "bind", "run", "run", "run", "memory"};
  EXPECT_EQ(world_.events, expected);
  EXPECT_EQ(progress_.loaded_on, (std::vector<std::string>{"cpu"}));
  EXPECT_EQ(result.facts.rss_before_load_bytes, 1u << 20);
  EXPECT_EQ(result.facts.rss_after_load_bytes, 2u << 20);
  EXPECT_EQ(result.facts.rss_after_runs_bytes, 3u << 20);
  EXPECT_EQ(result.facts.peak_rss_bytes, 4u << 20);
}

TEST_F(OnnxBenchmarkTest, TimesSessionCreation) {
  engine_.load_cost_s = 2.5;
  EXPECT_DOUBLE_EQ(run(cpu()).facts.session_creation_s, 2.5);
}

TEST_F(OnnxBenchmarkTest, AttachesMachineInfoWithTheLoadedVersions) {
  auto result = run(cpu());
  EXPECT_EQ(result.context.machine.cpu_model, "fake cpu");
  EXPECT_EQ(result.context.machine.onnxruntime_version, "ort-fake");  // not the pinned one
  EXPECT_EQ(result.context.machine.genai_version, "genai-fake");
}

TEST_F(OnnxBenchmarkTest, EchoesTheCallersEpChoiceAndPassesItToTheSession) {
  auto result = run({EpChoice::parse("openvino", "npu"), std::nullopt});
  ASSERT_EQ(engine_.specs.size(), 1u);
  ASSERT_EQ(engine_.specs[0].providers.size(), 1u);
  EXPECT_EQ(engine_.specs[0].providers[0].name, "OpenVINOExecutionProvider");
  EXPECT_EQ(engine_.specs[0].providers[0].device_type, "npu");  // the device reaches the session
  EXPECT_EQ(engine_.specs[0].model_path, request_.model);
  EXPECT_EQ(result.config.ep, "openvino");
  EXPECT_EQ(result.config.device, "npu");
}

TEST_F(OnnxBenchmarkTest, ThreadsReachTheSessionAndTheReport) {
  auto result = run(cpu(3));
  ASSERT_EQ(engine_.specs.size(), 1u);
  EXPECT_EQ(engine_.specs[0].intra_op_threads, 3);
  EXPECT_EQ(result.config.run.threads.requested, 3);
  EXPECT_EQ(result.config.run.threads.intra_op_threads, 3);
  EXPECT_EQ(result.config.run.threads.source, "--threads");
  EXPECT_EQ(result.config.run.threads.physical_cores, 2u);
}

TEST_F(OnnxBenchmarkTest, WithoutThreadsTheSessionGetsTheRuntimeDefault) {
  auto result = run(cpu());
  EXPECT_EQ(engine_.specs[0].intra_op_threads, 0);  // 0 = ONNX Runtime decides
  EXPECT_EQ(result.config.run.threads.requested, std::nullopt);
  EXPECT_EQ(result.config.run.threads.source, "runtime default");
  EXPECT_EQ(result.config.run.threads.intra_op_threads, 2);  // one per physical core of the fake machine
}

// A sweep creates one session per load setting and runs every batch size on it, in plan order.
TEST_F(OnnxBenchmarkTest, SweepCreatesOneSessionPerLoadSetting) {
  request_.loop = {2, 0, std::nullopt};
  SweepAxes axes;
  axes.threads = {1, 2};
  axes.batch_sizes = {1, 4};
  const SweepPlan plan = plan_sweep(axes);
  std::vector<std::optional<int>> chosen;
  auto results = benchmark().run(
      plan.combinations,
      [&](const LoadSettings& load) {
        chosen.push_back(load.threads);
        return cpu(load.threads);
      },
      progress_);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "create_session"), 2);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "bind"), 4);
  EXPECT_EQ(chosen, (std::vector<std::optional<int>>{1, 2}));
  ASSERT_EQ(results.size(), 4u);
  const std::vector<std::pair<int, int>> expected = {{1, 1}, {1, 4}, {2, 1}, {2, 4}};
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].config.run.threads.requested, expected[i].first);
    EXPECT_EQ(results[i].config.batch_size, expected[i].second);
    EXPECT_EQ(results[i].config.inputs[0].shape, (std::vector<std::int64_t>{expected[i].second, 3}));
    EXPECT_EQ(results[i].samples.timed_s.size(), 2u);
  }
}

TEST_F(OnnxBenchmarkTest, GeneratesInputsWithTheBatchSize) {
  combination_.run.batch_size = 4;
  request_.batch_size_given = true;
  auto result = run(cpu());
  ASSERT_EQ(result.config.inputs.size(), 1u);
  EXPECT_EQ(result.config.inputs[0].shape, (std::vector<std::int64_t>{4, 3}));
  EXPECT_EQ(result.config.inputs[0].source, "generated");
  EXPECT_DOUBLE_EQ(result.metrics.samples_per_s, 4 * result.metrics.batches_per_s);
}

// The shapes are told once before the runs; a --shape conflict is warned of, and run as given.
TEST_F(OnnxBenchmarkTest, TellsTheGeneratedShapesAndWarnsOfConflicts) {
  engine_.onnx_inputs = {{"ids", engine::ElementType::int64, "int64", {-1, -1}, {"batch", "seq"}},
                         {"pos", engine::ElementType::int64, "int64", {-1, -1}, {"batch", "seq"}}};
  request_.shapes = {"ids=1,8", "pos=1,4"};
  auto result = run(cpu());
  ASSERT_EQ(progress_.generated_shapes.size(), 1u);
  EXPECT_EQ(progress_.generated_shapes[0], (std::vector<std::vector<std::int64_t>>{{1, 8}, {1, 4}}));
  EXPECT_EQ(std::count_if(progress_.warnings.begin(), progress_.warnings.end(),
                          [](const std::string& w) { return w.find("--shape pos=1,8") != std::string::npos; }),
            1);
  EXPECT_EQ(result.config.inputs[1].shape, (std::vector<std::int64_t>{1, 4}));
}

// Without a conflict, one --shape sizes every input that shares its dims' names.
TEST_F(OnnxBenchmarkTest, AShapeReachesTheInputsSharingItsNames) {
  engine_.onnx_inputs = {{"ids", engine::ElementType::int64, "int64", {-1, -1}, {"batch", "seq"}},
                         {"pos", engine::ElementType::int64, "int64", {-1, -1}, {"batch", "seq"}}};
  request_.shapes = {"ids=2,8"};
  auto result = run(cpu());
  EXPECT_EQ(result.config.inputs[1].shape, (std::vector<std::int64_t>{2, 8}));
}

TEST_F(OnnxBenchmarkTest, RefusesABatchSizeNoInputCanTake) {
  engine_.onnx_inputs = {{"x", engine::ElementType::float32, "float", {2, 3}, {"", ""}}};
  combination_.run.batch_size = 4;
  request_.batch_size_given = true;
  auto bench = benchmark();
  EXPECT_THROW(bench.run(one(), always(cpu()), progress_), UsageError);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "run"), 0);
}

// A float tensor value of one element.
engine::HostValue scalar_value(const std::string& name, float value) {
  engine::HostValue v{name, engine::ValueKind::tensor, {name, engine::ElementType::float32, {1, 1}, {}, {}}, {}};
  v.tensor.data.resize(sizeof value);
  std::memcpy(v.tensor.data.data(), &value, sizeof value);
  return v;
}

// A reader of `count` data sets: set k feeds k and expects `expected(k)`.
InputDataReader reader_of(std::size_t count, std::function<float(std::size_t)> expected) {
  return [count, expected](const std::filesystem::path&, const std::vector<engine::TensorInfo>& inputs,
                           const std::vector<engine::TensorInfo>&, bool read_outputs) {
    std::vector<tensor_files::DataSet> sets;
    for (std::size_t k = 0; k < count; ++k) {
      tensor_files::DataSet set{"test_data_set_" + std::to_string(k), {scalar_value(inputs[0].name, float(k))}, {}};
      if (read_outputs) set.outputs = {scalar_value(inputs[0].name, expected(k))};
      sets.push_back(std::move(set));
    }
    return sets;
  };
}

TEST_F(OnnxBenchmarkTest, ReadsInputDataThroughTheCallersReader) {
  request_.input_data = dir_.path().string();
  request_.read_input_data = reader_of(1, [](std::size_t k) { return float(k); });
  auto result = run(cpu());
  EXPECT_EQ(result.config.inputs[0].shape, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(result.config.inputs[0].source, dir_.path().string());
  EXPECT_FALSE(result.metrics.validation.has_value());
}

TEST_F(OnnxBenchmarkTest, RunsCycleThroughTheDataSets) {
  request_.input_data = dir_.path().string();
  request_.read_input_data = reader_of(3, [](std::size_t k) { return float(k); });
  request_.loop = {4, 1, std::nullopt};
  auto result = run(cpu());
  EXPECT_EQ(world_.run_sets, (std::vector<std::size_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(result.config.data_sets,
            (std::vector<std::string>{"test_data_set_0", "test_data_set_1", "test_data_set_2"}));
  EXPECT_EQ(result.config.inputs[0].source, (dir_.path() / "test_data_set_0").string());
}

TEST_F(OnnxBenchmarkTest, ValidatesEverySetAndRunsTheSetsTheLoopDidNotReach) {
  request_.input_data = dir_.path().string();
  request_.validate = true;
  request_.read_input_data = reader_of(3, [](std::size_t k) { return float(k); });
  request_.loop = {1, 0, std::nullopt};  // 2 runs: set 2 is run once more, untimed, to be validated
  auto result = run(cpu());
  EXPECT_TRUE(world_.outputs_kept);
  EXPECT_EQ(world_.run_sets, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(result.samples.timed_s.size(), 1u);
  ASSERT_TRUE(result.metrics.validation.has_value());
  ASSERT_EQ(result.metrics.validation->outputs.size(), 3u);
  EXPECT_TRUE(result.metrics.validation->passed());
  EXPECT_EQ(result.metrics.validation->outputs[2].data_set, "test_data_set_2");
}

TEST_F(OnnxBenchmarkTest, AMismatchIsInTheResultNotThrown) {
  request_.input_data = dir_.path().string();
  request_.validate = true;
  request_.read_input_data = reader_of(2, [](std::size_t k) { return k == 1 ? 1.5f : 0.0f; });
  auto result = run(cpu());
  ASSERT_TRUE(result.metrics.validation.has_value());
  EXPECT_FALSE(result.metrics.validation->passed());
  EXPECT_TRUE(result.metrics.validation->outputs[0].passed());
  EXPECT_FALSE(result.metrics.validation->outputs[1].passed());
  EXPECT_DOUBLE_EQ(result.metrics.validation->outputs[1].max_abs_error, 0.5);
  EXPECT_EQ(result.samples.timed_s.size(), kOnnxDefaultIterations);  // the timing is complete
}

TEST_F(OnnxBenchmarkTest, ValidateWithoutInputDataIsAUsageError) {
  request_.validate = true;
  EXPECT_THROW(benchmark(), UsageError);
}

TEST_F(OnnxBenchmarkTest, EngineFailuresKeepTheirCategory) {
  engine_.fail_run_at = 3;
  auto bench = benchmark();
  EXPECT_THROW(bench.run(one(), always(cpu()), progress_), SessionError);
}

TEST_F(OnnxBenchmarkTest, ReportsEveryRunToProgress) {
  request_.loop = {4, 2, std::nullopt};
  benchmark().run(one(), always(cpu()), progress_);
  EXPECT_EQ(progress_.iterations.size(), 1u + 2u + 4u);
}

// The clock is read right around each combination's runs; a fall of more than a tenth is flagged
// in the result and warned about.
TEST_F(OnnxBenchmarkTest, FlagsACombinationWhoseClockFell) {
  request_.loop = {1, 0, std::nullopt};
  world_.cpu_clocks = {{4, 3000, 2900}, {4, 2990, 2900}, {4, 3000, 2900}, {4, 2500, 2000}};
  SweepAxes axes;
  axes.batch_sizes = {1, 2};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run(plan.combinations, always(cpu()), progress_);
  ASSERT_EQ(results.size(), 2u);
  ASSERT_EQ(results[0].context.clock.size(), 1u);
  EXPECT_EQ(results[0].context.clock[0].before.mean_mhz, 3000);
  EXPECT_EQ(results[0].context.clock[0].after.mean_mhz, 2990);
  EXPECT_EQ(any_throttled(results[0].context.clock), false);
  EXPECT_EQ(any_throttled(results[1].context.clock), true);
  ASSERT_EQ(progress_.warnings.size(), 1u);
  EXPECT_NE(progress_.warnings[0].find("during batch=2"), std::string::npos) << progress_.warnings[0];
}

// --rounds: round 1 runs every combination, then round 2; the one session serves both; each
// combination's runs pool in round order with each round's figures kept.
TEST_F(OnnxBenchmarkTest, RoundsInterleaveAndPoolIntoOneResultEach) {
  request_.loop = {2, 0, std::nullopt};
  request_.rounds = {2, 0};
  // first, 2 timed per run: batch 1 round 1, batch 2 round 1, batch 1 round 2, batch 2 round 2.
  engine_.run_costs = {9, 1, 1, 9, 2, 2, 9, 3, 3, 9, 4, 4};
  SweepAxes axes;
  axes.batch_sizes = {1, 2};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run(plan.combinations, always(cpu()), progress_);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "create_session"), 1);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].samples.timed_s, (std::vector<double>{1, 1, 3, 3}));
  EXPECT_EQ(results[1].samples.timed_s, (std::vector<double>{2, 2, 4, 4}));
  EXPECT_EQ(results[0].metrics.latency_s.count, 4u);
  EXPECT_DOUBLE_EQ(results[0].metrics.latency_s.mean, 2);
  ASSERT_EQ(results[0].rounds.size(), 2u);
  EXPECT_DOUBLE_EQ(results[0].rounds[0].latency_mean_s, 1);
  EXPECT_DOUBLE_EQ(results[0].rounds[1].latency_mean_s, 3);
  EXPECT_EQ(results[0].rounds[1].iterations, 2u);
  EXPECT_EQ(results[1].config.run.rounds, 2u);
  EXPECT_EQ(results[1].context.clock.size(), 2u);
}

// A result's warnings come after its last round, so in a sweep they name their combination.
TEST_F(OnnxBenchmarkTest, ResultWarningsNameTheirCombinationInASweep) {
  request_.loop = {4, 0, std::nullopt};
  // first, then 4 timed per combination: steady for batch 1, widely spread for batch 2.
  engine_.run_costs = {9, 1, 1, 1, 1, 9, 1, 5, 1, 5};
  SweepAxes axes;
  axes.batch_sizes = {1, 2};
  const SweepPlan plan = plan_sweep(axes);
  benchmark().run(plan.combinations, always(cpu()), progress_);
  ASSERT_FALSE(progress_.warnings.empty());
  for (const std::string& warning : progress_.warnings) {
    EXPECT_EQ(warning.rfind("batch=2: ", 0), 0u) << warning;
  }
}

// Ctrl-C during the second of three batch sizes: the first is whole, the second keeps its one
// finished timed run, the third never runs.
TEST_F(OnnxBenchmarkTest, AStopRequestKeepsWhatFinishedAndSaysHowFarTheRunGot) {
  request_.loop = {3, 0, std::nullopt};
  BenchmarkServices services = testing::fake_services(world_, engine_);
  const auto runs = [this] { return std::count(world_.events.begin(), world_.events.end(), "run"); };
  services.stop = [&] { return runs() >= 6; };  // 1 + 3 runs of the first, then 1 + 1 of the second
  SweepAxes axes;
  axes.batch_sizes = {1, 2, 4};
  const SweepPlan plan = plan_sweep(axes);
  OnnxBenchmark bench(request_, services);
  auto results = bench.run(plan.combinations, always(cpu()), progress_);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].samples.timed_s.size(), 3u);
  EXPECT_EQ(results[1].samples.timed_s.size(), 1u);
  EXPECT_EQ(results[1].config.batch_size, 2);
  EXPECT_EQ(runs(), 6);
  ASSERT_TRUE(bench.interruption());
  EXPECT_EQ(*bench.interruption(), (Interruption{3, 2, 1}));
}

TEST_F(OnnxBenchmarkTest, ARunNobodyStopsHasNoInterruption) {
  OnnxBenchmark bench = benchmark();
  bench.run(one(), always(cpu()), progress_);
  EXPECT_FALSE(bench.interruption());
}

}  // namespace
}  // namespace winml::perf
