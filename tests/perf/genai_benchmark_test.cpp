#include "perf/genai_benchmark.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>

#include "perf/fake_engine.h"
#include "perf/recording_observer.h"
#include "test_support/cache_dir_scope.h"
#include "test_support/json_file.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

class GenaiBenchmarkTest : public ::testing::Test {
 protected:
  GenaiBenchmarkTest() {
    auto bundle = dir_.path() / "bundle";
    std::filesystem::create_directories(bundle);
    std::ofstream(bundle / "genai_config.json") << R"({"model": {"type": "qwen2", "context_length": 64,
        "vocab_size": 100, "decoder": {"filename": "model.onnx", "session_options": {}}}})";
    std::ofstream(bundle / "model.onnx") << "onnx";
    std::ofstream(bundle / "tokenizer.json") << "{}";
    request_.bundle = bundle.string();
    request_.report.output = (dir_.path() / "report.json").string();
    combination_.run.max_new_tokens = 4;
  }
  GenaiBenchmark benchmark() { return GenaiBenchmark(request_, services_); }
  std::span<const Combination> one() const { return {&combination_, 1}; }
  GenaiLoadChooser chooser() {
    return [this](const LoadSettings&) { return choice_; };
  }
  // Loads with each setting's --threads, noting every call in chosen_threads_.
  GenaiLoadChooser threads_chooser() {
    return [this](const LoadSettings& load) {
      chosen_threads_.push_back(load.threads);
      GenaiLoadChoice choice;
      choice.session.intra_op_threads = load.threads;
      return choice;
    };
  }
  // A plain run: the one combination, loaded as choice_ says.
  GenaiPerfResult run(const std::string& prompt = "hello") {
    return benchmark().run(prompt, one(), chooser(), observer_).at(0);
  }
  std::size_t count(const std::string& event) const {
    return static_cast<std::size_t>(std::count(world_.events.begin(), world_.events.end(), event));
  }

  winml::test::TempDir dir_;
  testing::FakeWorld world_;
  testing::FakeEngine engine_{world_};
  BenchmarkServices services_ = testing::fake_services(world_, engine_);
  GenaiBenchmarkRequest request_;
  GenaiLoadChoice choice_;
  std::vector<std::optional<int>> chosen_threads_;
  Combination combination_;
  testing::RecordingObserver observer_{world_};
};

TEST_F(GenaiBenchmarkTest, WarmupGenerationsAreLeftOutOfTheMetrics) {
  request_.loop = {3, 2, std::nullopt};
  engine_.generation_costs = {{5.0, 1.0}, {5.0, 1.0}, {0.5, 0.1}};  // two slow warmups, then fast
  auto result = run();
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "generate"), 2 + 3);
  EXPECT_EQ(result.samples.size(), 3u);
  EXPECT_EQ(result.warmup_samples.size(), 2u);
  EXPECT_EQ(result.metrics.iterations, 3u);
  EXPECT_DOUBLE_EQ(result.metrics.prefill_s.mean, 0.5);
  EXPECT_DOUBLE_EQ(result.warmup.prefill_s, 5.0);
  EXPECT_EQ(result.metrics.prompt_tokens, 5);  // "hello", one fake token per character
  EXPECT_EQ(result.metrics.generated_tokens, (std::vector<int>{4, 4, 4}));
}

TEST_F(GenaiBenchmarkTest, DefaultCountsAreTheRuntimes) {
  auto result = run();
  EXPECT_EQ(result.samples.size(), kGenaiDefaultIterations);
  EXPECT_EQ(result.warmup_samples.size(), kGenaiDefaultWarmup);
  EXPECT_EQ(observer_.iterations.size(), kGenaiDefaultIterations + kGenaiDefaultWarmup);
}

TEST_F(GenaiBenchmarkTest, DurationModeStopsOnceTheBudgetIsSpent) {
  request_.loop = {std::nullopt, 0, 1.0};
  engine_.generation_costs = {{0.1, 0.1}};  // 0.4 s per generation of 4 tokens
  auto result = run();
  EXPECT_EQ(result.samples.size(), 3u);  // started at 0, 0.4 and 0.8 s; 1.2 s is past the budget
  EXPECT_EQ(result.config.duration_s, 1.0);
}

TEST_F(GenaiBenchmarkTest, ReportPathIsCheckedBeforeAnythingLoads) {
  std::ofstream(request_.report.output) << "{}";
  EXPECT_THROW(benchmark(), UsageError);
  EXPECT_TRUE(world_.events.empty());
}

TEST_F(GenaiBenchmarkTest, LoopIsCheckedBeforeAnythingLoads) {
  request_.loop = {std::nullopt, std::nullopt, 0.0};
  EXPECT_THROW(benchmark(), UsageError);
  EXPECT_TRUE(world_.events.empty());
}

TEST_F(GenaiBenchmarkTest, SaysLoadingBeforeLoadingAndSamplesPeakMemoryAfterTheRun) {
  request_.loop = {1, 0, std::nullopt};
  // The fake world's high-water mark alone: the sampler would read this process's real RSS, and a
  // sampled peak above the mark raises the run's peak (run_peak_rss).
  request_.sample_interval = std::chrono::milliseconds(0);
  engine_.load_cost_s = 1.5;
  auto result = run();
  // The peak is read before each bandwidth probe (which resets it, so that the probe's arrays do
  // not count) and at the end; the highest reading is the run's.
  std::vector<std::string> expected = {"loading " + request_.bundle,
                                       "load_genai",
                                       "load_tokenizer",
                                       "memory",
                                       "bandwidth probe",
                                       "reset peak",
                                       "generate",
                                       "memory",
                                       "bandwidth probe",
                                       "reset peak",
                                       "memory",
                                       "create_session"};  // the placement probe, after everything measured
  EXPECT_EQ(world_.events, expected);
  EXPECT_EQ(engine_.loaded_from, request_.bundle);  // nothing to prepare: the bundle as is
  EXPECT_EQ(result.facts.peak_rss_bytes, 4u << 20);
  // Without the probes, the peak is read once, after the run.
  world_.events.clear();
  request_.bandwidth_probe = BandwidthProbeMode::off;
  result = run();
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "memory"), 1);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "reset peak"), 0);
  EXPECT_DOUBLE_EQ(result.facts.load.total_s(), 1.5);
}

TEST_F(GenaiBenchmarkTest, ProbesEveryStageOnceItsRunsAreDone) {
  request_.loop = {2, 0, std::nullopt};
  request_.bandwidth_probe = BandwidthProbeMode::off;
  engine_.load_cost_s = 0.25;
  world_.placement = {{"CPUExecutionProvider", "g", "", "Gather"}, {"CPUExecutionProvider", "m", "", "MatMul"}};
  auto result = run();
  ASSERT_EQ(result.facts.placement.size(), 1u);
  const StagePlacement& stage = result.facts.placement[0];
  EXPECT_EQ(stage.stage, "decoder");
  EXPECT_EQ(stage.source, "probe");
  EXPECT_EQ(stage.nodes, 2);
  EXPECT_DOUBLE_EQ(stage.probe_s, 0.25);  // the probe session's creation
  ASSERT_EQ(engine_.specs.size(), 1u);
  EXPECT_EQ(engine_.specs[0].model_path, (std::filesystem::path(request_.bundle) / "model.onnx").string());
  EXPECT_EQ(world_.events.back(), "create_session");
  EXPECT_DOUBLE_EQ(result.facts.load.total_s(), 0.25);  // the probe is no part of the load
  // Off: no probe, no placement.
  world_.events.clear();
  request_.placement = false;
  result = run();
  EXPECT_TRUE(result.facts.placement.empty());
  EXPECT_EQ(count("create_session"), 0u);
}

TEST_F(GenaiBenchmarkTest, LoadBreakdownAddsUpToTheLoad) {
  request_.loop = {1, 0, std::nullopt};
  engine_.load_cost_s = 1.5;
  engine_.tokenizer_cost_s = 0.25;
  auto result = run();
  const LoadBreakdown& load = result.facts.load;
  EXPECT_DOUBLE_EQ(load.model_s, 1.5);
  EXPECT_DOUBLE_EQ(load.tokenizer_s, 0.25);
  EXPECT_DOUBLE_EQ(load.compile_s, 0);  // nothing compiled
  EXPECT_DOUBLE_EQ(load.prepare_s, 0);  // the fake clock moves only in the engine
  EXPECT_DOUBLE_EQ(load.other_s, 0);
  EXPECT_DOUBLE_EQ(load.total_s(), 1.75);
  EXPECT_FALSE(result.config.cold);
  EXPECT_FALSE(result.cold);
  EXPECT_TRUE(result.facts.cold.empty());
}

TEST_F(GenaiBenchmarkTest, WithoutColdTheModelLoadsOnce) {
  request_.loop = {4, 2, std::nullopt};
  run();
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_genai"), 1);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_tokenizer"), 1);
}

TEST_F(GenaiBenchmarkTest, ColdReloadsBeforeEachColdStartAndKeepsWarmMetricsApart) {
  request_.loop = {3, 1, std::nullopt};
  request_.cold = true;
  engine_.load_cost_s = 2.0;
  engine_.tokenizer_cost_s = 0.5;
  // Generation n of each model: the fake model counts from 0 after every load, so the first
  // generation after a load costs costs[0] and the warm ones after it cost costs[1].
  engine_.generation_costs = {{4.0, 1.0}, {0.5, 0.1}};
  auto result = run();
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_genai"), 1 + 3);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_tokenizer"), 1 + 3);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "generate"), 1 + 3 + 3);
  // Warm: the warmup took the first generation of the first load; the 3 timed runs are fast.
  EXPECT_EQ(result.metrics.iterations, 3u);
  EXPECT_DOUBLE_EQ(result.metrics.prefill_s.max, 0.5);
  EXPECT_DOUBLE_EQ(result.warmup.prefill_s, 4.0);
  // Cold: 3 reloads, each followed by a slow first generation.
  ASSERT_TRUE(result.cold);
  EXPECT_TRUE(result.config.cold);
  ASSERT_EQ(result.facts.cold.size(), 3u);
  EXPECT_EQ(result.cold->iterations, 3u);
  EXPECT_DOUBLE_EQ(result.cold->load_s.median, 2.5);
  EXPECT_DOUBLE_EQ(result.cold->model_s.median, 2.0);
  EXPECT_DOUBLE_EQ(result.cold->tokenizer_s.median, 0.5);
  EXPECT_DOUBLE_EQ(result.cold->ttft_s.median, 5.0);  // prefill 4 + first token 1
  EXPECT_DOUBLE_EQ(result.cold->load_to_first_token_s.median, 7.5);
  for (const ColdStart& start : result.facts.cold) {
    EXPECT_DOUBLE_EQ(start.load.prepare_s, 0);  // preparation is not redone
    EXPECT_DOUBLE_EQ(start.load.total_s(), 2.5);
  }
  EXPECT_EQ(std::count(observer_.iterations.begin(), observer_.iterations.end(), Phase::cold), 3);
}

TEST_F(GenaiBenchmarkTest, ColdUnderADurationRunsAsManyColdStartsAsTimedRuns) {
  request_.loop = {std::nullopt, 0, 1.0};
  request_.cold = true;
  engine_.generation_costs = {{0.1, 0.1}};  // 0.4 s per generation: 3 timed runs fit
  auto result = run();
  EXPECT_EQ(result.samples.size(), 3u);
  EXPECT_EQ(result.facts.cold.size(), 3u);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_genai"), 1 + 3);
}

TEST_F(GenaiBenchmarkTest, AttachesMachineInfoWithTheLoadedVersions) {
  auto result = run();
  EXPECT_EQ(result.context.machine.cpu_model, "fake cpu");
  EXPECT_EQ(result.context.machine.onnxruntime_version, "ort-fake");
  EXPECT_EQ(result.context.machine.genai_version, "genai-fake");
}

TEST_F(GenaiBenchmarkTest, EchoesTheRequestAndTheCallersChoice) {
  request_.stop_at_eos = true;
  choice_.device = "npu";
  choice_.session.compile = true;
  choice_.session.compile_timeout_s = 12;
  auto result = run("hi");
  EXPECT_EQ(result.config.bundle, request_.bundle);
  EXPECT_EQ(result.config.ep, "config");
  EXPECT_EQ(result.config.device, "npu");
  EXPECT_TRUE(result.config.compile);
  EXPECT_EQ(result.config.compile_timeout_s, 12);
  EXPECT_TRUE(result.config.stop_at_eos);
  EXPECT_EQ(result.config.prompt, "hi");
  EXPECT_FALSE(result.config.apply_template);  // the bundle has no chat template
  EXPECT_EQ(result.config.context_length, 64);
  EXPECT_EQ(result.config.max_new_tokens, 4);
}

TEST_F(GenaiBenchmarkTest, ThreadsGoIntoADerivedConfigAndTheReport) {
  test::CacheDirScope cache(dir_.path() / "cache");
  const auto config_path = std::filesystem::path(request_.bundle) / "genai_config.json";
  const auto before = test::read_json(config_path);
  choice_.session.intra_op_threads = 3;
  auto result = run();
  ASSERT_NE(engine_.loaded_from, request_.bundle);  // a derived bundle under the cache root
  EXPECT_EQ(engine_.loaded_from.rfind((dir_.path() / "cache").string(), 0), 0u) << engine_.loaded_from;
  auto loaded = test::read_json(std::filesystem::path(engine_.loaded_from) / "genai_config.json");
  EXPECT_EQ(loaded["model"]["decoder"]["session_options"]["intra_op_num_threads"], 3);
  EXPECT_EQ(test::read_json(config_path), before);  // the user's bundle is untouched
  const ThreadsInEffect& threads = result.config.run.threads;
  EXPECT_EQ(threads.requested, 3);
  EXPECT_EQ(threads.source, "--threads");
  EXPECT_EQ(threads.intra_op_threads, 3);
  ASSERT_EQ(threads.stages.size(), 1u);
  EXPECT_EQ(threads.stages[0].stage, "decoder");
  EXPECT_EQ(threads.logical_cores, 4u);
  EXPECT_EQ(threads.physical_cores, 2u);
}

TEST_F(GenaiBenchmarkTest, WithoutThreadsTheBundlesSettingOrGenaisDefaultIsReported) {
  auto result = run();
  EXPECT_EQ(engine_.loaded_from, request_.bundle);  // nothing to derive
  EXPECT_EQ(result.config.run.threads.requested, std::nullopt);
  EXPECT_EQ(result.config.run.threads.source, "runtime default");
  EXPECT_EQ(result.config.run.threads.intra_op_threads, 2);  // GenAI: half the fake machine's 4 logical cores
  EXPECT_EQ(result.config.run.threads.runtime_default, 2);

  std::ofstream(std::filesystem::path(request_.bundle) / "genai_config.json")
      << R"({"model": {"type": "qwen2", "context_length": 64, "vocab_size": 100, "decoder": {
             "filename": "model.onnx", "session_options": {"intra_op_num_threads": 1}}}})";
  result = run();
  EXPECT_EQ(result.config.run.threads.source, "bundle");
  EXPECT_EQ(result.config.run.threads.intra_op_threads, 1);
}

TEST_F(GenaiBenchmarkTest, WarnsWhenTheContextCapsTheTokens) {
  combination_.run.max_new_tokens = 100;  // 5 prompt tokens leave 59 of the 64
  auto result = run();
  EXPECT_EQ(result.config.max_new_tokens_effective, 59);
  ASSERT_EQ(observer_.warnings.size(), 1u);
  EXPECT_NE(observer_.warnings[0].find("59"), std::string::npos) << observer_.warnings[0];
}

// The probes bracket the run: after loading, before the first (warmup) generation, and right
// after the last timed generation, before the cold starts reload anything.
TEST_F(GenaiBenchmarkTest, BandwidthProbesBracketTheGenerationsAndSetTheRooflinesLimit) {
  request_.loop = {2, 1, std::nullopt};
  request_.cold = true;
  engine_.generation_costs = {{0.1, 0.01}};
  auto result = run();
  auto& events = world_.events;
  auto first_probe = std::find(events.begin(), events.end(), "bandwidth probe");
  ASSERT_NE(first_probe, events.end());
  EXPECT_EQ(std::find(events.begin(), first_probe, "generate"), first_probe);  // no generation before it
  auto second_probe = std::find(first_probe + 1, events.end(), "bandwidth probe");
  ASSERT_NE(second_probe, events.end());
  EXPECT_EQ(std::count(first_probe, second_probe, "generate"), 1 + 2);  // warmup and timed between them
  EXPECT_EQ(std::count(second_probe, events.end(), "generate"), 2);     // the cold starts' after them
  ASSERT_TRUE(result.roofline);
  const GenaiRoofline& r = *result.roofline;
  EXPECT_TRUE(r.probes.before && r.probes.after);
  EXPECT_EQ(r.model.decode_weights.read_per_token_bytes, 4'000'000u);
  EXPECT_EQ(r.model.kv_bytes_per_position, 2u * 2 * 8 * 2 * 4);
  ASSERT_TRUE(r.metrics.limit_gb_per_s);
  EXPECT_DOUBLE_EQ(*r.metrics.limit_gb_per_s, 20);
  EXPECT_EQ(r.metrics.peak_rss_bytes, result.facts.peak_rss_bytes);
  EXPECT_TRUE(observer_.warnings.empty());
}

TEST_F(GenaiBenchmarkTest, WithoutTheProbeTheRooflineHasNoLimit) {
  request_.loop = {1, 0, std::nullopt};
  request_.bandwidth_probe = BandwidthProbeMode::off;
  engine_.generation_costs = {{0.1, 0.01}};
  auto result = run();
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "bandwidth probe"), 0);
  ASSERT_TRUE(result.roofline);
  EXPECT_FALSE(result.roofline->probes.before || result.roofline->probes.after);
  EXPECT_EQ(result.roofline->probes.skipped, ProbeSkip::off);
  EXPECT_FALSE(result.roofline->metrics.fraction_of_limit);
  EXPECT_GT(result.roofline->metrics.decode_gb_per_s, 0);
}

TEST_F(GenaiBenchmarkTest, ABundleWhoseWeightsCannotBeCountedWarnsAndSkipsTheProbes) {
  request_.loop = {1, 0, std::nullopt};
  services_.read_bundle_model = [](const std::filesystem::path& dir) -> roofline::BundleModel {
    throw Error(ErrorCategory::runtime, dir.string() + "/model.onnx is not an ONNX model");
  };
  auto result = run();
  EXPECT_FALSE(result.roofline);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "bandwidth probe"), 0);
  ASSERT_EQ(observer_.warnings.size(), 1u);
  EXPECT_NE(observer_.warnings[0].find("no roofline"), std::string::npos) << observer_.warnings[0];
}

TEST_F(GenaiBenchmarkTest, AFailedProbeIsAWarningAndTheOtherProbeIsUsed) {
  request_.loop = {1, 0, std::nullopt};
  int calls = 0;
  services_.measure_bandwidth = [&calls](const BandwidthOptions&) {
    if (++calls == 1) throw Error(ErrorCategory::runtime, "cannot allocate");
    BandwidthResult probe;
    probe.read = summarize_bandwidth({25});
    return probe;
  };
  auto result = run();
  ASSERT_TRUE(result.roofline);
  EXPECT_FALSE(result.roofline->probes.before);
  ASSERT_TRUE(result.roofline->metrics.limit_gb_per_s);
  EXPECT_DOUBLE_EQ(*result.roofline->metrics.limit_gb_per_s, 25);
  ASSERT_EQ(observer_.warnings.size(), 1u);
  EXPECT_NE(observer_.warnings[0].find("before"), std::string::npos) << observer_.warnings[0];
}

// The probes last in proportion to the run: a tenth of the timed seconds they bracket, as far as
// known when each starts (the opening one: the --duration plan; the closing one: what ran).
TEST_F(GenaiBenchmarkTest, ProbeBudgetsAreATenthOfTheTimedRun) {
  request_.loop = {std::nullopt, 0, 1.0};
  engine_.generation_costs = {{0.1, 0.1}};  // 0.5 s per generation: 3 in the 1 s budget, 1.5 s in all
  std::vector<double> budgets;
  services_.measure_bandwidth = [&budgets](const BandwidthOptions& options) {
    budgets.push_back(options.budget_seconds);
    BandwidthResult probe;
    probe.read = summarize_bandwidth({25});
    return probe;
  };
  run();
  ASSERT_EQ(budgets.size(), 2u);
  EXPECT_NEAR(budgets[0], 0.1, 1e-9);
  EXPECT_NEAR(budgets[1], 0.15, 1e-9);
  // An --iterations run's length is not known before it: the opening probe runs its minimum.
  budgets.clear();
  request_.loop = {1, 0, std::nullopt};
  run();
  ASSERT_EQ(budgets.size(), 2u);
  EXPECT_EQ(budgets[0], 0);
  EXPECT_NEAR(budgets[1], 0.05, 1e-9);
}

// What a step reads (4 MB of weights and a little cache) fits in a 64 MiB last-level cache: memory
// is no limit, so no probe runs, the roofline says why, and calls the run in cache; an explicit
// --bandwidth-probe probes all the same.
TEST_F(GenaiBenchmarkTest, AStepThatFitsInCacheSkipsTheProbesUnlessForced) {
  request_.loop = {1, 0, std::nullopt};
  engine_.generation_costs = {{0.1, 0.01}};
  services_.read_memory_hierarchy = [] { return platform::MemoryHierarchy{std::uint64_t{64} << 20, 0}; };
  auto result = run();
  EXPECT_EQ(count("bandwidth probe"), 0u);
  ASSERT_TRUE(result.roofline);
  EXPECT_EQ(result.roofline->probes.skipped, ProbeSkip::in_cache);
  EXPECT_EQ(result.roofline->probes.last_level_cache_bytes, std::uint64_t{64} << 20);
  EXPECT_TRUE(result.roofline->metrics.fits_in_cache);
  EXPECT_FALSE(result.roofline->metrics.fraction_of_limit);
  request_.bandwidth_probe = BandwidthProbeMode::forced;
  result = run();
  EXPECT_EQ(count("bandwidth probe"), 2u);
  EXPECT_EQ(result.roofline->probes.skipped, ProbeSkip::none);
  EXPECT_TRUE(result.roofline->metrics.fits_in_cache);
  EXPECT_TRUE(result.roofline->metrics.fraction_of_limit);
}

TEST_F(GenaiBenchmarkTest, APeakThatCannotBeResetIsAWarning) {
  request_.loop = {1, 0, std::nullopt};
  services_.reset_peak_memory = [] { return false; };
  auto result = run();
  ASSERT_TRUE(result.roofline);
  ASSERT_EQ(observer_.warnings.size(), 2u);  // after each probe
  EXPECT_NE(observer_.warnings[0].find("peak RSS includes"), std::string::npos) << observer_.warnings[0];
}

TEST_F(GenaiBenchmarkTest, EngineFailuresKeepTheirCategory) {
  engine_.load_error = "fake load failure";
  auto bench = benchmark();
  EXPECT_THROW(bench.run("hello", one(), chooser(), observer_), GenaiLoadError);
}

TEST_F(GenaiBenchmarkTest, BundleProblemsSurfaceBeforeTheEngineIsAsked) {
  std::filesystem::remove(std::filesystem::path(request_.bundle) / "tokenizer.json");
  auto bench = benchmark();
  EXPECT_THROW(bench.run("hello", one(), chooser(), observer_), UsageError);
  EXPECT_EQ(std::count(world_.events.begin(), world_.events.end(), "load_genai"), 0);
}

// The load-once rule, counted through the engine seam: a sweep of 2 thread counts x 2 token counts
// loads the bundle twice (once per thread count), asks the chooser once per load, and measures the
// four combinations in plan order, each announced before it runs.
TEST_F(GenaiBenchmarkTest, SweepLoadsOncePerLoadSetting) {
  test::CacheDirScope cache(dir_.path() / "cache");  // the thread settings write derived bundles
  request_.loop = {1, 0, std::nullopt};
  SweepAxes axes;
  axes.threads = {1, 2};
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, threads_chooser(), observer_);
  EXPECT_EQ(count("load_genai"), 2u);
  EXPECT_EQ(count("generate"), 4u);
  EXPECT_EQ(chosen_threads_, (std::vector<std::optional<int>>{1, 2}));
  ASSERT_EQ(results.size(), 4u);
  const std::vector<std::pair<int, int>> expected = {{1, 2}, {1, 3}, {2, 2}, {2, 3}};
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].config.run.threads.requested, expected[i].first);
    EXPECT_EQ(results[i].config.max_new_tokens, expected[i].second);
    EXPECT_EQ(results[i].metrics.generated_tokens, (std::vector<int>{expected[i].second}));
  }
  // Each group loads before its combinations run.
  std::vector<std::string> order;
  for (const auto& e : world_.events) {
    if (e == "load_genai" || e.front() == '[') order.push_back(e);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"load_genai", "[1/4] threads=1 tg=2", "[2/4] threads=1 tg=3", "load_genai",
                                             "[3/4] threads=2 tg=2", "[4/4] threads=2 tg=3"}));
}

// The clock is read after the opening probe and right after the timed generations; an unknown
// reading (a VM) gives no verdict and no warning, a fall of more than a tenth a warning.
TEST_F(GenaiBenchmarkTest, ReadsTheClockAroundEachRun) {
  request_.loop = {1, 0, std::nullopt};
  world_.cpu_clocks = {{}, {}, {8, 3000, 2800}, {8, 2000, 1900}};
  SweepAxes axes;
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, chooser(), observer_);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(world_.cpu_clock_reads, 4u);
  ASSERT_EQ(results[0].context.clock.size(), 1u);
  EXPECT_FALSE(results[0].context.clock[0].before.known());
  EXPECT_EQ(any_throttled(results[0].context.clock), std::nullopt);
  EXPECT_EQ(results[1].context.clock[0].after.min_mhz, 1900);
  EXPECT_EQ(any_throttled(results[1].context.clock), true);
  ASSERT_EQ(observer_.warnings.size(), 1u);
  EXPECT_NE(observer_.warnings[0].find("fell 33 % during tg=3"), std::string::npos) << observer_.warnings[0];
}

// --rounds interleaves the combinations (A B, A B) and, with two load settings, reloads each group
// in every round (one model resident at a time); each combination's rounds pool into its result.
TEST_F(GenaiBenchmarkTest, RoundsInterleaveAndReloadEachLoadSettingPerRound) {
  test::CacheDirScope cache(dir_.path() / "cache");
  request_.loop = {1, 0, std::nullopt};
  request_.rounds = {2, 0};
  SweepAxes axes;
  axes.threads = {1, 2};
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, threads_chooser(), observer_);
  EXPECT_EQ(count("load_genai"), 4u);
  EXPECT_EQ(count("generate"), 8u);
  EXPECT_EQ(chosen_threads_, (std::vector<std::optional<int>>{1, 2, 1, 2}));
  std::vector<std::string> order;
  for (const auto& e : world_.events) {
    if (e == "load_genai" || e.front() == '[') order.push_back(e);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"load_genai", "[1/4] threads=1 tg=2", "[2/4] threads=1 tg=3", "load_genai",
                                             "[3/4] threads=2 tg=2", "[4/4] threads=2 tg=3", "load_genai",
                                             "[1/4] threads=1 tg=2", "[2/4] threads=1 tg=3", "load_genai",
                                             "[3/4] threads=2 tg=2", "[4/4] threads=2 tg=3"}));
  ASSERT_EQ(results.size(), 4u);
  for (const auto& result : results) {
    EXPECT_EQ(result.config.run.rounds, 2u);
    EXPECT_EQ(result.metrics.iterations, 2u);
    ASSERT_EQ(result.rounds.size(), 2u);
    EXPECT_EQ(result.rounds[1].round, 2u);
    ASSERT_EQ(result.context.clock.size(), 2u);
    EXPECT_EQ(result.context.clock[1].round, 2u);
  }
  EXPECT_EQ(results[3].metrics.generated_tokens, (std::vector<int>{3, 3}));
}

// A single load setting loads once for every round.
TEST_F(GenaiBenchmarkTest, RoundsOfOneLoadSettingLoadOnce) {
  request_.loop = {1, 0, std::nullopt};
  request_.rounds = {3, 0};
  SweepAxes axes;
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, chooser(), observer_);
  EXPECT_EQ(count("load_genai"), 1u);
  EXPECT_EQ(count("generate"), 6u);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].samples.size(), 3u);
}

// Each round's generations follow the earlier rounds' in the pooled samples, and each round keeps
// its own figures: here the machine slows down, and round 2 shows it.
TEST_F(GenaiBenchmarkTest, RoundsPoolTheirSamplesInRoundOrder) {
  request_.loop = {1, 0, std::nullopt};
  request_.rounds = {2, 0};
  // Runs in order: tg=2 round 1, tg=3 round 1, tg=2 round 2, tg=3 round 2.
  engine_.generation_costs = {{0.1, 0.01}, {0.2, 0.02}, {0.3, 0.03}, {0.4, 0.04}};
  SweepAxes axes;
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, chooser(), observer_);
  ASSERT_EQ(results.size(), 2u);
  ASSERT_EQ(results[0].samples.size(), 2u);
  EXPECT_DOUBLE_EQ(results[0].samples[0].prefill_s, 0.1);
  EXPECT_DOUBLE_EQ(results[0].samples[1].prefill_s, 0.3);
  EXPECT_DOUBLE_EQ(results[1].samples[1].prefill_s, 0.4);
  EXPECT_DOUBLE_EQ(results[0].metrics.prefill_s.mean, 0.2);
  ASSERT_EQ(results[0].rounds.size(), 2u);
  EXPECT_LT(results[0].rounds[1].decode_tokens_per_s, results[0].rounds[0].decode_tokens_per_s);
  EXPECT_GT(results[0].rounds[1].ttft_mean_s, results[0].rounds[0].ttft_mean_s);
  EXPECT_EQ(results[0].rounds[0].iterations, 1u);
}

// --delay sleeps before every run but the first, and says so first; the probes bracket the whole
// schedule: before its first run and after its last.
TEST_F(GenaiBenchmarkTest, DelaySleepsBetweenRuns) {
  request_.loop = {1, 0, std::nullopt};
  request_.rounds = {2, 0.25};
  std::vector<double> slept;
  services_.sleep = [&](double seconds) {
    slept.push_back(seconds);
    world_.events.push_back("sleep");
  };
  int cooling = 0;
  struct CoolingObserver final : BenchmarkObserver {
    explicit CoolingObserver(int& count) : count_(count) {}
    void on_loading(const std::string&, const EpChoice&) override {}
    void on_warning(const std::string&) override {}
    void on_iteration(const ProgressEvent&) override {}
    void on_cooling(double) override { ++count_; }
    int& count_;
  } observer(cooling);
  SweepAxes axes;
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  benchmark().run("hello", plan.combinations, chooser(), observer);
  EXPECT_EQ(slept, (std::vector<double>{0.25, 0.25, 0.25}));
  EXPECT_EQ(cooling, 3);
  EXPECT_EQ(count("bandwidth probe"), 2u);  // before tg=2 round 1, after tg=3 round 2
  // The first run starts without a pause.
  const auto first_sleep = std::find(world_.events.begin(), world_.events.end(), "sleep");
  const auto first_generate = std::find(world_.events.begin(), world_.events.end(), "generate");
  EXPECT_LT(first_generate, first_sleep);
}

// In a sweep each combination has its own roofline, but the machine is the same for all: one probe
// before the first combination and one after the last, shared by every roofline; the bundle's
// shape is read once.
TEST_F(GenaiBenchmarkTest, ASweepIsProbedOnceAndEveryCombinationSharesTheProbes) {
  request_.loop = {1, 0, std::nullopt};
  int reads = 0;
  services_.read_bundle_model = [&reads, shape = services_.read_bundle_model](const std::filesystem::path& dir) {
    ++reads;
    return shape(dir);
  };
  SweepAxes axes;
  axes.max_new_tokens = {2, 3};
  const SweepPlan plan = plan_sweep(axes);
  auto results = benchmark().run("hello", plan.combinations, chooser(), observer_);
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(count("bandwidth probe"), 2u);
  const auto& events = world_.events;
  const auto first_probe = std::find(events.begin(), events.end(), "bandwidth probe");
  const auto last_probe = std::find(first_probe + 1, events.end(), "bandwidth probe");
  EXPECT_EQ(std::count(events.begin(), first_probe, "generate"), 0);
  EXPECT_EQ(std::count(first_probe, last_probe, "generate"), 2);  // both combinations between them
  ASSERT_EQ(results.size(), 2u);
  for (const auto& result : results) {
    ASSERT_TRUE(result.roofline);
    EXPECT_TRUE(result.roofline->probes.before && result.roofline->probes.after);
  }
  EXPECT_EQ(results[0].roofline->metrics.longest_context_tokens, 5 + 1);  // "hello", one decode step
  EXPECT_EQ(results[1].roofline->metrics.longest_context_tokens, 5 + 2);
}

// A plain run announces no combination.
TEST_F(GenaiBenchmarkTest, APlainRunAnnouncesNoCombination) {
  run();
  for (const auto& e : world_.events) EXPECT_NE(e.front(), '[') << e;
}

// --depth: the cache is filled before every timed prompt (a second AppendTokens, timed apart), the
// KV capacity holds depth + prompt + new tokens, and decode positions count from depth + prompt.
TEST_F(GenaiBenchmarkTest, DepthFillsTheCacheBeforeThePrompt) {
  request_.loop = {2, 0, std::nullopt};
  engine_.generation_costs = {{0.5, 0.1}};
  combination_.run.depth = 20;
  auto result = run();
  EXPECT_EQ(result.config.depth, 20);
  EXPECT_EQ(result.config.max_length, 20 + 5 + 4);
  EXPECT_FALSE(result.config.max_length_requested);
  EXPECT_EQ(result.metrics.depth_tokens, 20);
  EXPECT_EQ(result.metrics.depth_fill_s.count, 2u);
  EXPECT_DOUBLE_EQ(result.metrics.depth_fill_s.mean, 0.5);
  EXPECT_DOUBLE_EQ(result.metrics.prefill_s.mean, 0.5);  // the prompt's own append, not the fill
  ASSERT_FALSE(result.metrics.decode_timeline.empty());
  EXPECT_EQ(result.metrics.decode_timeline.front().context_tokens, 20 + 5 + 1);
  EXPECT_EQ(result.metrics.generated_tokens, (std::vector<int>{4, 4}));
  // The roofline counts the depth in every position the steps read and in the prefill's attention.
  ASSERT_TRUE(result.roofline);
  EXPECT_DOUBLE_EQ(result.roofline->metrics.context_tokens_per_step, 20 + 5 + 2);  // steps at 26, 27, 28
  EXPECT_EQ(result.roofline->metrics.longest_context_tokens, 20 + 5 + 3);
}

TEST_F(GenaiBenchmarkTest, WithoutDepthNothingIsFilled) {
  auto result = run();
  EXPECT_EQ(result.config.depth, 0);
  EXPECT_EQ(result.config.max_length, 5 + 4);
  EXPECT_EQ(result.metrics.depth_fill_s.count, 0u);
  EXPECT_EQ(result.samples.front().depth_fill_s, 0);
}

TEST_F(GenaiBenchmarkTest, DepthBeyondTheContextIsAUsageError) {
  combination_.run.depth = 60;  // + 5 prompt + 4 new > 64
  try {
    run();
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("context_length is 64"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--depth 55 or less"), std::string::npos) << e.what();
  }
  EXPECT_EQ(count("generate"), 0u);
}

// A combination that cannot fit fails the sweep before any combination is measured (the prompt is
// tokenized once the first load can), instead of after the others have run.
TEST_F(GenaiBenchmarkTest, ASweepThatCannotFitFailsBeforeMeasuringAnything) {
  request_.loop = {1, 0, std::nullopt};
  SweepAxes axes;
  axes.max_new_tokens = {4};
  axes.depths = {0, 60};  // 60 + 5 + 4 > 64
  const SweepPlan plan = plan_sweep(axes);
  EXPECT_THROW(benchmark().run("hello", plan.combinations, chooser(), observer_), UsageError);
  EXPECT_EQ(count("load_genai"), 1u);
  EXPECT_EQ(count("generate"), 0u);
}

// --max-length: the capacity GenAI allocates is the one given, and is reported; one that cannot
// hold the generation, or exceeds the context, is refused before any generation.
TEST_F(GenaiBenchmarkTest, MaxLengthIsUsedAndReported) {
  combination_.run.max_length = 40;
  auto result = run();
  EXPECT_EQ(result.config.max_length, 40);
  EXPECT_EQ(result.config.max_length_requested, 40);
  EXPECT_EQ(result.metrics.generated_tokens.front(), 4);
  combination_.run.max_length = 8;  // 5 + 4 = 9 needed
  EXPECT_THROW(run(), UsageError);
  combination_.run.max_length = 65;
  EXPECT_THROW(run(), UsageError);
}

// Ctrl-C during the second of three combinations: the first is whole, the second keeps the
// generation that finished, the third never loads or runs; no probe follows a cut run.
TEST_F(GenaiBenchmarkTest, AStopRequestKeepsWhatFinishedAndSaysHowFarTheRunGot) {
  request_.loop = {2, 0, std::nullopt};
  services_.stop = [this] { return count("generate") >= 3; };
  SweepAxes axes;
  axes.max_new_tokens = {2, 3, 4};
  const SweepPlan plan = plan_sweep(axes);
  GenaiBenchmark bench = benchmark();
  auto results = bench.run("hello", plan.combinations, chooser(), observer_);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].samples.size(), 2u);
  EXPECT_EQ(results[1].samples.size(), 1u);
  EXPECT_EQ(results[1].config.max_new_tokens, 3);
  EXPECT_EQ(count("generate"), 3u);
  EXPECT_EQ(count("bandwidth probe"), 1u);  // the sweep's opening one: its last run, which closes it, never came
  ASSERT_TRUE(bench.interruption());
  EXPECT_EQ(*bench.interruption(), (Interruption{3, 2, 1}));
}

TEST_F(GenaiBenchmarkTest, AStopRequestBeforeAnyTimedGenerationLeavesNoResult) {
  request_.loop = {2, 3, std::nullopt};
  services_.stop = [this] { return count("generate") >= 1; };  // during the first warmup
  GenaiBenchmark bench = benchmark();
  EXPECT_TRUE(bench.run("hello", one(), chooser(), observer_).empty());
  ASSERT_TRUE(bench.interruption());
  EXPECT_EQ(*bench.interruption(), (Interruption{1, 0, 0}));
}

TEST_F(GenaiBenchmarkTest, ARunNobodyStopsHasNoInterruption) {
  GenaiBenchmark bench = benchmark();
  bench.run("hello", one(), chooser(), observer_);
  EXPECT_FALSE(bench.interruption());
}

}  // namespace
}  // namespace winml::perf
