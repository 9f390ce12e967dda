// `winml perf` end to end: the real binary on synthetic bundles and ONNX files.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "bad_input/tree_snapshot.h"
#include "test_support/json_file.h"
#include "test_support/qnn_pipeline.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"
#include "test_support/row_formats.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;

class PerfCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    for (const auto& [dir, flags] : {std::pair<std::string, std::string>{"plain", ""}, {"pipe", " --pipeline"}}) {
      auto result = test::run_winml("bundle synth -o " + (root_->path() / dir).string() + flags);
      ASSERT_EQ(result.exit_code, 0) << result.err;
    }
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path plain() { return root_->path() / "plain"; }
  static fs::path pipe() { return root_->path() / "pipe"; }
  static fs::path out(const std::string& name) { return root_->path() / "reports" / name; }
  // Every perf run in these tests is short, and none writes into the user's cache.
  static test::CommandResult perf(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() +
                             " perf --no-color " + args);
  }
  // A GenAI run without the read-bandwidth probes (about a second each run); the roofline tests
  // below run them.
  static test::CommandResult genai_perf(const std::string& args) { return perf(args + " --no-bandwidth-probe"); }
  // The derived bundles of the bundle folder called `name` under the test's cache root.
  static std::vector<fs::path> derived_bundles(const std::string& name) {
    std::vector<fs::path> found;
    const fs::path root = root_->path() / "cache" / "bundles";
    if (!fs::exists(root)) return found;
    for (const auto& entry : fs::directory_iterator(root)) {
      if (entry.path().filename().string().rfind(name + "-", 0) == 0) found.push_back(entry.path());
    }
    return found;
  }
  // The report file as the binary wrote it, checked by python3-jsonschema.
  static void expect_valid_report(const fs::path& report) {
    const auto check = test::check_report_file(report);
    EXPECT_TRUE(check.valid()) << check.problems;
  }
  static test::TempDir* root_;
};
test::TempDir* PerfCli::root_ = nullptr;

TEST_F(PerfCli, GenaiBundleWritesValidReportAndTable) {
  auto report = out("genai.json");
  auto result = genai_perf("-m " + plain().string() + " --iterations 3 --warmup 1 -n 8 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("TTFT"), std::string::npos) << result.out;
  auto json = read_json(report);
  expect_valid_report(report);
  EXPECT_EQ(json["schema_version"], 4);
  EXPECT_EQ(json["kind"], "genai");
  EXPECT_EQ(test::first_result(json)["config"]["ep"], "config");
  EXPECT_EQ(test::first_result(json)["config"]["device"], "config");
  EXPECT_EQ(test::first_result(json)["config"]["iterations"], 3);
  ASSERT_EQ(test::first_result(json)["samples"]["timed"].size(), 3u);
  for (const auto& sample : test::first_result(json)["samples"]["timed"]) {
    EXPECT_EQ(sample["generated_tokens"], 8);  // exactly max-new-tokens without --stop-at-eos
    EXPECT_EQ(sample["decode_ms"].size(), 7u);
  }
}

// The per-token timeline: one report entry per decode position, and the console's sparkline of it,
// in block characters under a UTF-8 locale and in ASCII under the C locale.
TEST_F(PerfCli, TimelineHasOneEntryPerPositionAndASparkline) {
  for (const std::string lang : {"C.UTF-8", "C"}) {
    auto report = out("timeline-" + lang + ".json");
    auto result =
        test::run_command("LC_ALL= LC_CTYPE= LANG=" + lang + " WINML_CACHE_DIR=" + (root_->path() / "cache").string() +
                          " " + test::winml_binary() + " perf -m " + plain().string() +
                          " --prompt-tokens 20 --iterations 2 --warmup 0 -n 6 -o " + report.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    expect_valid_report(report);
    const auto timeline = test::first_result(read_json(report))["metrics"]["decode_timeline"];
    ASSERT_EQ(timeline.size(), 5u);  // 6 tokens: the first, then 5 decode steps
    for (std::size_t j = 0; j < timeline.size(); ++j) {
      EXPECT_EQ(timeline[j]["step"], j + 1);
      EXPECT_EQ(timeline[j]["context_tokens"], 20 + j + 1);
      EXPECT_EQ(timeline[j]["count"], 2);
    }
    const auto line = result.out.find("decode by position");
    ASSERT_NE(line, std::string::npos) << result.out;
    const std::string text = result.out.substr(line, result.out.find('\n', line) - line);
    EXPECT_THAT(text, ::testing::HasSubstr("median by step 1-5 (context 21-25 tokens)"));
    EXPECT_EQ(text.find("\u2581") != std::string::npos || text.find("\u2588") != std::string::npos, lang == "C.UTF-8")
        << text;
  }
}

// The roofline with the real read-bandwidth probes (the one e2e test that runs them): the bytes a
// decode step reads are those of the synthetic bundle's weights (default tiny preset: hidden 64,
// vocab 512, 2 layers of 4 heads with 2 kv heads of 16, SwiGLU 192, context 2048), the probes
// bracket the run, and the console says what fraction of the probed bandwidth decode reached. That
// step (0.6 MB) fits in any last-level cache, so the probes run only because --bandwidth-probe asks.
TEST_F(PerfCli, RooflineMeasuresTheReadBandwidthAroundTheRun) {
  auto report = out("roofline.json");
  auto result = perf("-m " + plain().string() +
                     " --bandwidth-probe --prompt-tokens 20 --iterations 2 --warmup 0 -n 6 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto doc = read_json(report);
  const auto& roofline = test::first_result(doc)["metrics"]["roofline"];
  ASSERT_TRUE(roofline.is_object()) << doc.dump(2);
  // Independently of the reader: per layer 2 norms (64 floats) and the projections
  // 64x64 (q), 2 x 64x32 (k, v), 64x64 (o), 3 x 64x192 (MLP); a final norm; lm_head 64x512; the
  // embedding's one row (64 floats); one position of the cos and sin tables (8 floats each); and
  // the two int64 constants of the attention-mask arithmetic.
  const std::uint64_t per_layer = 4 * (2 * 64 + 64 * 64 + 2 * 64 * 32 + 64 * 64 + 3 * 64 * 192);
  const std::uint64_t expected = 2 * per_layer + 4 * 64 + 4 * 64 * 512 + 4 * 64 + 2 * 8 * 4 + 16;
  EXPECT_EQ(roofline["decode"]["weight_bytes_per_step"], expected);
  EXPECT_EQ(roofline["model"]["kv_cache_bytes_per_token"], 2 * 2 * 16 * 2 * 4);
  // Steps 1..5 after a 20-token prompt attend over 21..25 positions: 23 on average.
  EXPECT_DOUBLE_EQ(roofline["decode"]["context_tokens_per_step"].get<double>(), 23.0);
  EXPECT_EQ(roofline["memory"]["kv_cache_context_tokens"], 25);
  for (const char* probe : {"before", "after"}) {
    const auto& p = roofline["bandwidth_probes"][probe];
    ASSERT_TRUE(p.is_object()) << probe;
    EXPECT_GT(p["read"]["best_gb_per_s"].get<double>(), 0) << probe;
    EXPECT_GE(p["read"]["repetitions"].get<int>(), 3) << probe;
  }
  const double limit = roofline["decode"]["read_bandwidth_gb_per_s"].get<double>();
  EXPECT_DOUBLE_EQ(limit, std::max(roofline["decode"]["read_bandwidth_before_gb_per_s"].get<double>(),
                                   roofline["decode"]["read_bandwidth_after_gb_per_s"].get<double>()));
  EXPECT_NEAR(roofline["decode"]["fraction_of_read_bandwidth"].get<double>(),
              roofline["decode"]["achieved_gb_per_s"].get<double>() / limit, 1e-5);
  EXPECT_THAT(result.out, ::testing::HasSubstr("read bandwidth measured around this run"));
  EXPECT_THAT(result.out, ::testing::HasSubstr("GFLOP/s (")) << result.out;
  EXPECT_THAT(result.out, ::testing::HasSubstr("memory split"));
}

// By default a step that fits in the last-level cache is not probed (memory is no limit there): the
// report says why and calls the run in cache. Where the cache size is unknown the probes run.
TEST_F(PerfCli, AStepThatFitsInCacheIsNotProbedByDefault) {
  auto report = out("roofline-in-cache.json");
  auto result = perf("-m " + plain().string() + " --iterations 1 --warmup 0 -n 3 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto doc = read_json(report);
  const auto& probes = test::first_result(doc)["metrics"]["roofline"]["bandwidth_probes"];
  if (probes["last_level_cache_bytes"].get<std::uint64_t>() == 0)
    GTEST_SKIP() << "this machine's cache size is unknown";
  EXPECT_EQ(probes["skipped"], "in_cache");
  EXPECT_EQ(probes["before"], nullptr);
  EXPECT_EQ(test::first_result(doc)["metrics"]["roofline"]["decode"]["in_cache"], true);
  EXPECT_THAT(result.out, ::testing::HasSubstr("--bandwidth-probe probes it"));
}

TEST_F(PerfCli, NoBandwidthProbeKeepsTheBytesAndDropsTheFraction) {
  auto report = out("roofline-unprobed.json");
  auto result =
      perf("-m " + pipe().string() + " --no-bandwidth-probe --iterations 1 --warmup 0 -n 3 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto doc = read_json(report);
  const auto& roofline = test::first_result(doc)["metrics"]["roofline"];
  EXPECT_EQ(roofline["bandwidth_probes"]["before"], nullptr);
  EXPECT_EQ(roofline["decode"]["fraction_of_read_bandwidth"], nullptr);
  EXPECT_GT(roofline["decode"]["achieved_gb_per_s"].get<double>(), 0);
  // The pipeline's memory holds ctx and iter, each with its own transformer weights.
  EXPECT_GT(roofline["memory"]["weights_bytes"].get<std::uint64_t>(),
            roofline["model"]["decode_weights"]["stored_bytes"].get<std::uint64_t>());
  EXPECT_THAT(result.out, ::testing::HasSubstr("the read bandwidth was not probed"));
  // The row formats carry the same figures, the unprobed ones as null.
  auto rows = perf("-m " + pipe().string() + " --no-bandwidth-probe --iterations 1 --warmup 0 -n 3 -q -f jsonl -o " +
                   out("roofline-unprobed-rows.json").string());
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  const auto row = nlohmann::json::parse(rows.out);
  EXPECT_GT(row["decode_gb_per_s"].get<double>(), 0);
  EXPECT_EQ(row["read_bandwidth_fraction"], nullptr);
  EXPECT_EQ(row["weights_bytes"], roofline["memory"]["weights_bytes"]);
}

TEST_F(PerfCli, ExplicitDeviceConfigReportsConfig) {
  auto report = out("device-config.json");
  auto result =
      genai_perf("-m " + plain().string() + " --device config --iterations 1 --warmup 0 -n 2 -q -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["device"], "config");
  EXPECT_EQ(test::first_result(json)["config"]["ep"], "config");
}

TEST_F(PerfCli, ConcreteDeviceReportsItAndItsEp) {
  auto report = out("device-cpu.json");
  auto result =
      genai_perf("-m " + plain().string() + " --device cpu --iterations 1 --warmup 0 -n 2 -q -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["device"], "cpu");
  // The synthetic bundle already runs on CPU: forcing cpu changes nothing, and the run is on the CPU.
  EXPECT_EQ(test::first_result(json)["config"]["ep"], "cpu");
}

TEST_F(PerfCli, JsonFormatPrintsOnlyJsonOnStdout) {
  auto result =
      genai_perf("-m " + plain().string() + " --iterations 2 --warmup 0 -n 4 -f json -o " + out("j.json").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);  // throws if anything else is on stdout
  EXPECT_EQ(json["kind"], "genai");
  EXPECT_EQ(json, read_json(out("j.json")));
}

TEST_F(PerfCli, DefaultReportPathUsesCacheDir) {
  auto result = genai_perf("-m " + plain().string() + " --iterations 1 --warmup 0 -n 2 -q");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // <cache>/perf/plain-<8 hex digits of the bundle's path>/<time>.json
  int reports = 0;
  for (const auto& entry : fs::directory_iterator(root_->path() / "cache" / "perf")) {
    const std::string folder = entry.path().filename().string();
    if (folder.rfind("plain-", 0) != 0 || folder.size() != std::string("plain-").size() + 8) continue;
    for (const auto& file : fs::directory_iterator(entry.path())) reports += file.path().extension() == ".json";
  }
  EXPECT_GE(reports, 1);
}

TEST_F(PerfCli, ExistingReportNeedsOverwrite) {
  auto report = out("twice.json");
  std::string args = "-m " + plain().string() + " --iterations 1 --warmup 0 -n 2 -q -o " + report.string();
  ASSERT_EQ(perf(args).exit_code, 0);
  auto again = perf(args);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("--overwrite"), std::string::npos) << again.err;
  EXPECT_EQ(perf(args + " --overwrite").exit_code, 0);
}

TEST_F(PerfCli, PromptTokensGivesExactPromptLength) {
  auto report = out("tokens.json");
  auto result = genai_perf("-m " + plain().string() + " --prompt-tokens 40 --iterations 1 --warmup 0 -n 3 -q -o " +
                           report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(test::first_result(read_json(report))["samples"]["timed"][0]["input_tokens"], 40);
}

TEST_F(PerfCli, OnnxModelBenchmark) {
  auto report = out("onnx.json");
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --iterations 5 --warmup 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  expect_valid_report(report);
  EXPECT_EQ(json["kind"], "onnx");
  EXPECT_EQ(test::first_result(json)["config"]["ep"], "cpu");
  EXPECT_EQ(test::first_result(json)["config"]["device"], "cpu");
  EXPECT_EQ(test::first_result(json)["samples"]["timed_ms"].size(), 5u);
  const auto& load = test::first_result(json)["metrics"]["load"];
  EXPECT_EQ(load["session_creation_ms"], test::first_result(json)["metrics"]["session_creation_ms"]);
  EXPECT_NEAR(load["session_creation_ms"].get<double>() + load["input_preparation_ms"].get<double>(),
              load["total_ms"].get<double>(), 1e-5);
  EXPECT_THAT(result.out, ::testing::HasSubstr("(session creation "));
  // stderr says where it loads, then every generated input's shape; plain lines, no control bytes.
  EXPECT_THAT(result.err, ::testing::HasSubstr("lm_head.onnx on cpu"));
  EXPECT_THAT(result.err, ::testing::HasSubstr("generated inputs:\n"));
  EXPECT_THAT(result.err, ::testing::ContainsRegex("\\[batch_size=1, sequence_length=128, [0-9]+\\]"));
  EXPECT_EQ(result.err.find_first_of("\r\x1b"), std::string::npos) << result.err;
}

// The resource sampler on both runtimes: each phase the run went through has its CPU, the
// readings span the run, the sources looked for are named, and the console shows the block.
std::vector<std::string> usage_phases(const nlohmann::json& resources) {
  std::vector<std::string> phases;
  for (const auto& p : resources["cpu"]) phases.push_back(p["phase"].get<std::string>());
  return phases;
}

TEST_F(PerfCli, TheSamplerRecordsWhatEachPhaseUsedOnBothRuntimes) {
  for (const auto& [model, phases] :
       {std::pair<fs::path, std::vector<std::string>>{plain(), {"load", "warmup", "prefill", "decode"}},
        {pipe() / "lm_head.onnx", {"load", "warmup", "run"}}}) {
    const auto report = out("sampled_" + model.stem().string() + ".json");
    auto result =
        genai_perf("-m " + model.string() + " --iterations 4 --warmup 1 -n 16 --sample-ms 10 -o " + report.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    expect_valid_report(report);
    const auto json = read_json(report);
    const auto& resources = test::first_result(json)["resources"];
    EXPECT_EQ(usage_phases(resources), phases) << model;
    for (const auto& p : resources["cpu"]) {
      EXPECT_GT(p["wall_ms"].get<double>(), 0) << p;
      EXPECT_GE(p["cpu_ms"].get<double>(), 0) << p;
    }
    EXPECT_EQ(resources["sample_interval_ms"], 10.0);
    EXPECT_GE(resources["samples"].get<int>(), 2);
    EXPECT_FALSE(resources["timeline"].empty());
    EXPECT_GT(resources["rss_peak"]["rss_bytes"].get<double>(), 1 << 20);
    EXPECT_LE(resources["rss_peak"]["rss_bytes"].get<double>(),
              test::first_result(json)["metrics"]["peak_rss_bytes"].get<double>() * 1.01 + (1 << 20))
        << "the sampled peak is a reading of what the kernel's high-water mark bounds";
    EXPECT_FALSE(resources["energy"]["available"].get<bool>());
    EXPECT_EQ(resources["sources"].size(), 4u);
    EXPECT_TRUE(resources["other_load"].is_object());  // Linux gives machine-wide CPU
    EXPECT_THAT(result.out, ::testing::ContainsRegex("energy +not available \\(looked for: rapl"));
  }
}

// A busy loop the test starts beside a one-thread run is other load: its core is reported, the
// result is called noisy, and the console says so with the figure.
TEST_F(PerfCli, ACompetingProcessIsReportedAsOtherLoad) {
  const auto report = out("competed.json");
  auto result = test::run_command(
      "(timeout 4 sh -c 'while :; do :; done' >/dev/null 2>&1 &) ; sleep 0.5; WINML_CACHE_DIR=" +
      (root_->path() / "cache").string() + " " + test::winml_binary() + " perf --no-color -m " +
      (pipe() / "lm_head.onnx").string() + " --threads 1 --duration 2 --warmup 5 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = read_json(report);
  const auto& other = test::first_result(json)["resources"]["other_load"];
  ASSERT_TRUE(other.is_object());
  EXPECT_GE(other["busy_cores"].get<double>(), 0.6) << other;
  EXPECT_TRUE(other["noisy"].get<bool>()) << other;
  EXPECT_THAT(result.err, ::testing::ContainsRegex("other processes used [0-9.]+ of [0-9]+ cores during the timed "
                                                   "runs: results are noisy"));
}

// Two intra-op threads keep more of the machine busy than one while the same model runs.
TEST_F(PerfCli, TwoThreadsUseMoreCpuThanOne) {
  const auto report = out("threads_cpu.json");
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --threads 1,2 --duration 1 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = read_json(report);
  ASSERT_EQ(json["results"].size(), 2u);
  auto run_cores = [](const nlohmann::json& result) {
    for (const auto& p : result["resources"]["cpu"])
      if (p["phase"] == "run") return p["busy_cores"].get<double>();
    return -1.0;
  };
  const double one = run_cores(json["results"][0]);
  const double two = run_cores(json["results"][1]);
  // One thread keeps its core busy; on a 2-core machine that also runs another test (and, under
  // the sanitizers, their slower code) it may get well under half of it, never nothing.
  EXPECT_GT(one, 0.2);
  EXPECT_GT(two, one) << "one thread " << one << " busy cores, two threads " << two;
}

// --idle-power waits before the load as the idle phase; with no meter here the idle draw is null.
TEST_F(PerfCli, IdlePowerMeasuresAnIdlePhaseFirst) {
  const auto report = out("idle.json");
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --iterations 2 --warmup 0 --idle-power 0.3 -o " +
                     report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  const auto& resources = test::first_result(json)["resources"];
  const auto phases = usage_phases(resources);
  ASSERT_EQ(phases, (std::vector<std::string>{"load", "warmup", "run", "idle"}));
  const auto& idle = resources["cpu"][3];
  EXPECT_GE(idle["wall_ms"].get<double>(), 300);
  EXPECT_LT(idle["busy_cores"].get<double>(), 0.5);
  EXPECT_EQ(resources["spans"][0]["phase"], "idle");  // first on the timeline
  EXPECT_TRUE(resources["energy"]["idle_w"].is_null());
}

TEST_F(PerfCli, SampleMsZeroLeavesTheReportWithoutResources) {
  const auto report = out("unsampled.json");
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --iterations 2 --warmup 0 --sample-ms 0 -o " +
                     report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  EXPECT_FALSE(test::first_result(read_json(report)).contains("resources"));
}

// --target-ci on a single model: the run stops between the minimum and the bound, and the report
// says whether the precision target was met (either way is right on a noisy machine).
TEST_F(PerfCli, TargetCiStopsWithinTheBoundsAndReportsTheOutcome) {
  auto report = out("onnx_target_ci.json");
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() +
                     " --target-ci 50 --iterations 3 --max-iterations 20 --warmup 1 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto doc = read_json(report);
  const auto& target = test::first_result(doc)["metrics"]["quality"]["target_ci"];
  ASSERT_TRUE(target.is_object());
  EXPECT_EQ(target["metric"], "latency_ms");
  EXPECT_EQ(target["pct"], 50);
  ASSERT_TRUE(target["met"].is_boolean());
  const auto iterations = target["iterations"].get<int>();
  EXPECT_GE(iterations, 3);
  EXPECT_LE(iterations, 20);
  EXPECT_EQ(target["stopped_by"], target["met"].get<bool>() ? "target" : "max_iterations");
  EXPECT_THAT(result.out, ::testing::HasSubstr("target CI"));
}

// -f csv|md|jsonl: one row on stdout that Python's csv/json modules (and the Markdown check) read,
// agreeing with the report file, which is still written and announced on stderr. Both runtimes.
TEST_F(PerfCli, RowFormatsPrintOneParsableRowAndStillWriteTheReport) {
  for (const auto& [model, name] :
       {std::pair<fs::path, std::string>{plain(), "genai"}, {pipe() / "lm_head.onnx", "onnx"}}) {
    for (const std::string format : {"csv", "md", "jsonl"}) {
      SCOPED_TRACE(name + " " + format);
      const auto report = out("rows-" + name + "-" + format + ".json");
      auto result = perf("-m " + model.string() + " --iterations 3 --warmup 1 -n 4 --percentiles 50,90 -f " + format +
                         " -o " + report.string());
      ASSERT_EQ(result.exit_code, 0) << result.err;
      EXPECT_THAT(result.err, ::testing::HasSubstr("report written to " + report.string()));
      expect_valid_report(report);
      const auto rows = root_->path() / "reports" / (name + "." + format);
      std::ofstream(rows, std::ios::binary) << result.out;
      const auto check = test::check_row_file(rows);
      EXPECT_EQ(check.exit_code, 0) << check.output << result.out;
      const std::string metric = name == "genai" ? "ttft" : "latency";
      EXPECT_THAT(result.out, ::testing::HasSubstr(metric + "_mean_ms"));
      if (format == "md") {
        // A table a pull request holds: llama-bench's width, the settings and the headline figures.
        const std::string header = result.out.substr(0, result.out.find('\n'));
        EXPECT_LE(std::count(header.begin(), header.end(), '|'), 9) << header;
        EXPECT_LE(header.size(), 120u) << header;
      } else {
        EXPECT_THAT(result.out, ::testing::HasSubstr(metric + "_p90_ms"));
      }
      const auto json = read_json(report);
      if (format == "jsonl") {
        const auto row = nlohmann::json::parse(result.out);  // one line: throws if there were more
        EXPECT_EQ(row["kind"], name);
        EXPECT_EQ(row[metric + "_mean_ms"], test::first_result(json)["metrics"][metric + "_ms"]["mean"]);
        EXPECT_EQ(row[metric + "_n"], 3);
        EXPECT_EQ(row["runtime"], test::first_result(json)["config"]["runtime"]);
      } else {
        EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), format == "md" ? 3 : 2) << result.out;
      }
    }
  }
  // The three formats of one runtime have the same columns (their cells come from different runs).
  for (const std::string name : {"genai", "onnx"}) {
    const auto base = root_->path() / "reports" / name;
    const auto check = test::run_check_rows("--columns-only '" + base.string() + ".csv' '" + base.string() + ".md' '" +
                                            base.string() + ".jsonl'");
    EXPECT_EQ(check.exit_code, 0) << check.output;
  }
}

// The console's statistics table is narrow by default (a width a terminal or a pull request holds),
// --columns all gives every statistic, a list the named ones; csv keeps every column and refuses
// --columns, since scripts read it by name.
TEST_F(PerfCli, ColumnsChooseTheConsoleAndMdTables) {
  const std::string run = "-m " + plain().string() + " --iterations 3 --warmup 1 -n 4 -o " + out("cols.json").string();
  auto header_of = [](const std::string& text, const std::string& first) {
    const std::size_t at = text.find("  " + first + " ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  auto narrow = genai_perf(run + " --overwrite");
  ASSERT_EQ(narrow.exit_code, 0) << narrow.err;
  const std::string stats = header_of(narrow.out, "metric");
  ASSERT_FALSE(stats.empty()) << narrow.out;
  for (const char* shown : {"mean", "±95%", "p50", "p99", "cv"}) EXPECT_THAT(stats, ::testing::HasSubstr(shown));
  for (const char* hidden : {"min", "max", "p90", "stddev"})
    EXPECT_THAT(stats, ::testing::Not(::testing::HasSubstr(hidden)));
  std::istringstream lines(narrow.out);
  std::size_t widest = 0;
  bool in_stats = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  metric ", 0) == 0) in_stats = true;
    if (line.empty()) in_stats = false;
    if (in_stats) widest = std::max(widest, line.size());
  }
  EXPECT_LE(widest, 120u) << narrow.out;  // every statistic made it ~170 columns

  auto all = genai_perf(run + " --overwrite --columns all");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  for (const char* shown : {"min", "max", "p90", "p95", "stddev"}) {
    EXPECT_THAT(header_of(all.out, "metric"), ::testing::HasSubstr(shown));
  }
  auto two = genai_perf(run + " --overwrite --columns p90,mean");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_THAT(header_of(two.out, "metric"), ::testing::MatchesRegex("  metric +p90 +mean"));

  auto md = genai_perf(run + " --overwrite -f md --columns threads,ttft_p90_ms");
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_EQ(md.out.substr(0, md.out.find('\n')), "| threads | ttft_p90_ms |");

  auto csv = genai_perf(run + " --overwrite -f csv --columns all");
  EXPECT_EQ(csv.exit_code, 2);
  EXPECT_THAT(csv.err, ::testing::HasSubstr("-f csv always carries every column"));
  auto unknown = genai_perf(run + " --overwrite --columns mean,p42");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, ::testing::HasSubstr("no column 'p42'"));
}

// --percentiles chooses the percentile keys of every summary and the table's columns, on both runtimes.
TEST_F(PerfCli, PercentilesFollowTheListOnBothRuntimes) {
  const std::vector<std::string> keys = {"count", "cv",       "max", "mean",  "mean_ci95", "median_ci95",
                                         "min",   "outliers", "p50", "p99_9", "stddev"};  // sorted
  for (const auto& [model, name] :
       {std::pair<fs::path, std::string>{plain(), "genai"}, {pipe() / "lm_head.onnx", "onnx"}}) {
    auto report = out("percentiles-" + name + ".json");
    // --columns all: every percentile column (the default shows p50 and the highest).
    auto result =
        perf("-m " + model.string() + " --iterations 3 --warmup 0 -n 4 --percentiles 99.9,50,99.90 --columns all -o " +
             report.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    expect_valid_report(report);
    const auto json = read_json(report);
    EXPECT_EQ(test::first_result(json)["config"]["percentiles"], nlohmann::json::parse("[50, 99.9]"));
    const auto& summary = test::first_result(json)["metrics"][name == "genai" ? "ttft_ms" : "latency_ms"];
    std::vector<std::string> got;
    for (const auto& [key, value] : summary.items()) got.push_back(key);
    EXPECT_EQ(got, keys);
    EXPECT_THAT(result.out, ::testing::ContainsRegex("metric +n +mean +±95% +min +max +p50 +p99\\.9 +stddev +cv"));
    if (name == "genai") {
      EXPECT_TRUE(test::first_result(json)["metrics"]["decode_timeline"][0].contains("p99_9"));
    }
  }
}

// The load breakdown: every step reported and adding up to the load, on the console and in the
// report; a derived bundle (--threads) is preparation, nothing is compiled.
TEST_F(PerfCli, LoadBreakdownAddsUpToTheLoad) {
  auto report = out("load-breakdown.json");
  auto result =
      genai_perf("-m " + plain().string() + " --threads 1 --iterations 1 --warmup 0 -n 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto metrics = test::first_result(read_json(report))["metrics"];
  const auto& load = metrics["load"];
  double sum = 0;
  for (const char* key : {"prepare_ms", "compile_ms", "model_ms", "tokenizer_ms", "other_ms"}) {
    ASSERT_TRUE(load.contains(key)) << key;
    EXPECT_GE(load[key].get<double>(), 0) << key;
    sum += load[key].get<double>();
  }
  EXPECT_NEAR(sum, load["total_ms"].get<double>(), 1e-5);
  EXPECT_EQ(metrics["load_ms"], load["total_ms"]);  // the old field stays, same value
  EXPECT_GT(load["prepare_ms"].get<double>(), 0);   // the derived bundle was written
  EXPECT_EQ(load["compile_ms"].get<double>(), 0);
  EXPECT_GT(load["model_ms"].get<double>(), 0);
  EXPECT_TRUE(metrics["cold"].is_null());
  EXPECT_THAT(result.out, ::testing::ContainsRegex("load time +[0-9.]+ [mµ]?s \\(prepare .* · compile .* · model "
                                                   ".* · tokenizer .*\\)"));
  EXPECT_EQ(result.out.find("cold start"), std::string::npos);
}

// --cold: warm runs as without it, then one reload + first generation per timed iteration.
TEST_F(PerfCli, ColdReportsColdStartsApartFromWarmRuns) {
  auto report = out("cold.json");
  auto result = genai_perf("-m " + plain().string() + " --cold --iterations 2 --warmup 1 -n 3 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["cold"], true);
  EXPECT_EQ(test::first_result(json)["metrics"]["iterations"], 2);
  EXPECT_EQ(test::first_result(json)["samples"]["timed"].size(), 2u);
  EXPECT_EQ(test::first_result(json)["samples"]["warmup"].size(), 1u);
  const auto& cold = test::first_result(json)["metrics"]["cold"];
  ASSERT_TRUE(cold.is_object()) << cold;
  EXPECT_EQ(cold["iterations"], 2);
  EXPECT_EQ(cold["load_ms"]["count"], 2);
  EXPECT_GT(cold["load_ms"]["mean"].get<double>(), 0);
  EXPECT_GT(cold["ttft_ms"]["mean"].get<double>(), 0);
  EXPECT_GT(cold["load_to_first_token_ms"]["mean"].get<double>(), cold["load_ms"]["mean"].get<double>());
  ASSERT_EQ(test::first_result(json)["samples"]["cold"].size(), 2u);
  for (const auto& start : test::first_result(json)["samples"]["cold"]) {
    EXPECT_EQ(start["load"]["prepare_ms"], 0.0);  // preparation is done once
    EXPECT_EQ(start["load"]["compile_ms"], 0.0);
    EXPECT_EQ(start["first"]["generated_tokens"], 3);
  }
  EXPECT_THAT(result.out, ::testing::HasSubstr("cold start"));
  EXPECT_THAT(result.err, ::testing::HasSubstr("cold start 2/2"));
}

TEST_F(PerfCli, ColdOnASingleModelIsUsageErrorWithTheFix) {
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --cold --iterations 1");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, ::testing::HasSubstr("--cold"));
  EXPECT_THAT(result.err, ::testing::HasSubstr("metrics.load"));
}

TEST_F(PerfCli, DeviceConfigOutsideGenaiIsUsageError) {
  auto result = perf("-m " + (pipe() / "lm_head.onnx").string() + " --device config");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("config"), std::string::npos);
}

TEST_F(PerfCli, ForeignFlagsAreWarnedOnceAndIgnored) {
  auto result = genai_perf("-m " + plain().string() + " --iterations 1 --warmup 0 -n 2 --batch-size 4 --shape x=1 -o " +
                           out("ignored.json").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // One warning names both (a busy machine may add its other-load warning: not counted here).
  auto warning = result.err.find("not apply to runtime");
  ASSERT_NE(warning, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("not apply to runtime", warning + 1), std::string::npos) << "one warning, not several";
  EXPECT_NE(result.err.find("--batch-size"), std::string::npos);
  EXPECT_NE(result.err.find("--shape"), std::string::npos);
}

TEST_F(PerfCli, UnavailableDeviceFailsListingWhatExists) {
  auto result = genai_perf("-m " + plain().string() + " --device npu -n 2");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("cpu"), std::string::npos) << result.err;
}

TEST_F(PerfCli, UnknownEpIsUsageErrorListingValidNames) {
  auto result = genai_perf("-m " + plain().string() + " --ep warpdrive -n 2");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("openvino"), std::string::npos) << result.err;
}

TEST_F(PerfCli, EpCpuOnQnnPipelineLeavesBundleUntouched) {
  // A pipeline whose ctx/iter stages are routed to QNN, which this machine does not have: GenAI
  // cannot re-route them in memory, so the run needs a derived bundle, and it must not go into
  // the user's folder (no _compiled/, no lock) when nothing is compiled.
  fs::path bundle = root_->path() / "qnn-pipe";
  const auto config = test::copy_routed_to_qnn(pipe(), bundle);
  const auto before = test::snapshot_tree(bundle);
  auto report = out("qnn-cpu.json");
  auto result = perf("-m " + bundle.string() + " --ep cpu --iterations 1 --warmup 0 -n 4 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["ep"], "cpu");
  // Paths, kinds, sizes and modification times: no _compiled/, no lock, no rewritten file.
  EXPECT_THAT(test::tree_changes(before, test::snapshot_tree(bundle), {}), ::testing::IsEmpty());
  EXPECT_EQ(read_json(bundle / "genai_config.json"), config);
  // The override was loaded from the per-bundle folder under the cache root.
  const auto derived = derived_bundles("qnn-pipe");
  ASSERT_EQ(derived.size(), 1u);
  auto rewritten = read_json(derived[0] / "genai_config.json");
  for (const auto& stage : rewritten["model"]["decoder"]["pipeline"]) {
    EXPECT_EQ(stage.dump().find("QNN"), std::string::npos) << stage.dump();
  }
}

TEST_F(PerfCli, ThreadsReachEveryStageThroughADerivedBundle) {
  // The synthetic pipeline has stages with their own session_options (embeddings, lm_head) and
  // stages that use the decoder-level ones (ctx, iter): --threads must reach both kinds, through a
  // derived bundle under the cache root, with the user's folder left as it was.
  fs::path bundle = root_->path() / "threads-pipe";
  fs::copy(pipe(), bundle, fs::copy_options::recursive);
  const auto config = read_json(bundle / "genai_config.json");
  const auto before = test::snapshot_tree(bundle);
  auto report = out("threads.json");
  auto result = perf("-m " + bundle.string() + " --threads 2 --iterations 1 --warmup 0 -n 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("2 (--threads)"), std::string::npos) << result.out;
  expect_valid_report(report);
  const auto threads = test::first_result(read_json(report))["config"]["threads"];
  EXPECT_EQ(threads["requested"], 2);
  EXPECT_EQ(threads["source"], "--threads");
  EXPECT_EQ(threads["intra_op_threads"], 2);
  ASSERT_EQ(threads["stages"].size(), 4u);
  for (const auto& stage : threads["stages"]) EXPECT_EQ(stage["intra_op_threads"], 2) << stage.dump();
  EXPECT_THAT(test::tree_changes(before, test::snapshot_tree(bundle), {}), ::testing::IsEmpty());
  EXPECT_EQ(read_json(bundle / "genai_config.json"), config);
  const auto derived = derived_bundles("threads-pipe");
  ASSERT_EQ(derived.size(), 1u);
  const auto decoder = read_json(derived[0] / "genai_config.json")["model"]["decoder"];
  EXPECT_EQ(decoder["session_options"]["intra_op_num_threads"], 2);
  for (const auto& element : decoder["pipeline"]) {
    for (const auto& [name, stage] : element.items()) {
      if (!stage.contains("session_options")) continue;  // follows the decoder level
      EXPECT_EQ(stage["session_options"]["intra_op_num_threads"], 2) << name;
    }
  }
}

TEST_F(PerfCli, WithoutThreadsTheReportStatesTheDefaultAndNothingIsDerived) {
  auto report = out("threads-default.json");
  auto result = genai_perf("-m " + pipe().string() + " --iterations 1 --warmup 0 -n 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("(runtime default: GenAI takes half the logical cores, 1 to 16)"), std::string::npos)
      << result.out;
  const auto threads = test::first_result(read_json(report))["config"]["threads"];
  EXPECT_EQ(threads["requested"], nullptr);
  EXPECT_EQ(threads["source"], "runtime default");
  EXPECT_EQ(threads["intra_op_threads"], threads["runtime_default"]["intra_op_threads"]);
  EXPECT_GE(threads["physical_cores"].get<int>(), 1);
  EXPECT_THAT(derived_bundles("pipe"), ::testing::IsEmpty()) << "nothing to derive without --threads";
}

TEST_F(PerfCli, OnnxModelTakesThreads) {
  auto report = out("onnx-threads.json");
  auto result =
      perf("-m " + (pipe() / "lm_head.onnx").string() + " --threads 1 --iterations 2 --warmup 0 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("1 (--threads)"), std::string::npos) << result.out;
  const auto threads = test::first_result(read_json(report))["config"]["threads"];
  EXPECT_EQ(threads["requested"], 1);
  EXPECT_EQ(threads["stages"][0]["stage"], "model");
  expect_valid_report(report);
}

TEST_F(PerfCli, CompileOnCpuReportsEveryStageJit) {
  auto report = out("compile.json");
  auto result = genai_perf("-m " + pipe().string() + " --compile --iterations 1 --warmup 0 -n 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = read_json(report);
  EXPECT_EQ(test::first_result(json)["config"]["compile"], true);
  ASSERT_EQ(test::first_result(json)["preparation"].size(), 4u);
  for (const auto& stage : test::first_result(json)["preparation"]) EXPECT_EQ(stage["action"], "jit") << stage.dump();
  expect_valid_report(report);
}

// --help loads neither the engines nor the ONNX protobuf libraries (both are plugins loaded by
// the commands that need them), which is what keeps it as fast as a bare CLI11 program
// (bench/help_latency_bench.cpp).
TEST_F(PerfCli, HelpDoesNotLoadOnnxRuntimeNorProtobuf) {
  for (const char* args : {" perf --help", " --help", " bundle synth --help"}) {
    auto result = test::run_command("LD_DEBUG=libs " + test::winml_binary() + args);
    ASSERT_EQ(result.exit_code, 0) << args;
    EXPECT_NE(result.err.find("calling init: "), std::string::npos) << "LD_DEBUG printed nothing: " << result.err;
    for (const char* library :
         {"libonnxruntime", "libwinml_engine", "libprotobuf", "libonnx.so", "libonnx_proto", "libwinml_onnx_io"}) {
      EXPECT_EQ(result.err.find(library), std::string::npos) << "winml" << args << " loaded " << library;
    }
  }
  auto perf = test::run_winml("perf --help");
  EXPECT_NE(perf.out.find("--max-new-tokens"), std::string::npos);
}

// The command that writes ONNX files does load them, through the plugin.
TEST_F(PerfCli, BundleSynthLoadsProtobufThroughItsPlugin) {
  auto result = test::run_command("LD_DEBUG=libs " + test::winml_binary() + " bundle synth -q --overwrite -o " +
                                  out("ld-debug-bundle").string());
  ASSERT_EQ(result.exit_code, 0) << result.err.substr(result.err.size() > 2000 ? result.err.size() - 2000 : 0);
  EXPECT_NE(result.err.find("libwinml_onnx_io.so"), std::string::npos);
  EXPECT_NE(result.err.find("libprotobuf"), std::string::npos);
  EXPECT_EQ(result.err.find("libonnxruntime"), std::string::npos) << "bundle synth loaded ONNX Runtime";
}

}  // namespace
}  // namespace winml
