// `winml perf` sweeps end to end: lists and ranges on the real binary with the real engines on a
// small synthetic bundle, loading once per load-time setting; --depth and --max-length. Every run
// is tiny (one iteration, a few tokens) to keep the suite fast.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"
#include "test_support/text_count.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::count_of;
using test::read_json;
using ::testing::HasSubstr;

class PerfSweepCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth -o " + bundle().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    result = test::run_winml("bundle synth --pipeline -o " + (root_->path() / "pipe").string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "tiny"; }
  static fs::path out(const std::string& name) { return root_->path() / "reports" / name; }
  static test::CommandResult perf(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() +
                             " perf --no-color -m " + bundle().string() + " --iterations 1 --warmup 0 " + args);
  }
  static void expect_valid_report(const fs::path& report) {
    const auto check = test::check_report_file(report);
    EXPECT_TRUE(check.valid()) << check.problems;
  }
  static test::TempDir* root_;
};
test::TempDir* PerfSweepCli::root_ = nullptr;

// 2 thread counts x 2 prompt lengths: four results in plan order, the bundle loaded twice (once
// per thread count: "loading" on stderr, and the two results of a load share its breakdown), the
// combination announced before it runs, and one table row per combination.
TEST_F(PerfSweepCli, SweepLoadsOncePerThreadCountAndReportsEveryCombination) {
  const auto report = out("sweep.json");
  auto result = perf("--threads 1,2 --prompt-tokens 8,16 -n 3 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  EXPECT_EQ(json["sweep"]["combinations"], 4);
  EXPECT_EQ(json["sweep"]["axes"], nlohmann::json::parse(R"([{"name": "threads", "values": [1, 2]},
                                                              {"name": "prompt_tokens", "values": [8, 16]}])"));
  const auto& results = json["results"];
  ASSERT_EQ(results.size(), 4u);
  const int threads[] = {1, 1, 2, 2}, prompts[] = {8, 16, 8, 16};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(results[i]["config"]["threads"]["requested"], threads[i]);
    EXPECT_EQ(results[i]["config"]["prompt_tokens"], prompts[i]);
    EXPECT_EQ(results[i]["samples"]["timed"].size(), 1u);
    EXPECT_EQ(results[i]["samples"]["timed"][0]["generated_tokens"], 3);
  }
  EXPECT_EQ(results[0]["metrics"]["load"], results[1]["metrics"]["load"]);
  EXPECT_EQ(results[2]["metrics"]["load"], results[3]["metrics"]["load"]);
  EXPECT_EQ(count_of(result.err, "loading "), 2u) << result.err;
  EXPECT_THAT(result.err, HasSubstr("[1/4] threads=1 pp=8\n"));
  EXPECT_THAT(result.err, HasSubstr("[4/4] threads=2 pp=16\n"));
  EXPECT_LT(result.err.find("[2/4]"), result.err.rfind("loading ")) << "the second load comes after [2/4]";
  EXPECT_THAT(result.out, HasSubstr("sweep of 4 combinations"));
  EXPECT_THAT(result.out, HasSubstr("TTFT ms"));
  // One iteration per combination has no interval: the 4 metrics on each of the 4 rows show the
  // mean alone, and only the note above the table has a "±".
  EXPECT_EQ(count_of(result.out, " ± "), 1u) << result.out;
  EXPECT_THAT(result.out, ::testing::ContainsRegex("\n  1 +8 +[0-9]+\\.[0-9]{2} +[0-9]+\\.[0-9]{2} ")) << result.out;
}

// --rounds 2 --delay: round 1 runs both combinations, then round 2, on the one load; each
// combination's two runs pool into its one result with each round's figures and clock reading;
// every run but the first is preceded by the cooling pause, said on stderr.
TEST_F(PerfSweepCli, RoundsInterleaveCombinationsAndPoolThem) {
  const auto report = out("rounds.json");
  // --columns all: the sweep table's CPU clock column (not among the default's headline columns).
  auto result = perf("--rounds 2 --delay 0.1 -n 2,3 --prompt-tokens 8 --columns all -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  const auto& results = json["results"];
  ASSERT_EQ(results.size(), 2u);
  const bool clock_known = fs::exists("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq");
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& r = results[i];
    EXPECT_EQ(r["config"]["rounds"], 2);
    EXPECT_EQ(r["config"]["delay_ms"], 100.0);
    EXPECT_EQ(r["metrics"]["iterations"], 2);
    EXPECT_EQ(r["samples"]["timed"].size(), 2u);
    ASSERT_EQ(r["rounds"].size(), 2u);
    EXPECT_EQ(r["rounds"][0]["round"], 1);
    EXPECT_EQ(r["rounds"][1]["iterations"], 1);
    EXPECT_GT(r["rounds"][1]["decode_tokens_per_s"].get<double>(), 0);
    ASSERT_EQ(r["clock"]["runs"].size(), 2u);
    EXPECT_EQ(r["clock"]["runs"][1]["round"], 2);
    EXPECT_EQ(r["clock"]["runs"][0]["before_mhz"].is_null(), !clock_known) << r["clock"];
    EXPECT_EQ(r["clock"]["throttled"].is_null(), !clock_known) << r["clock"];
  }
  EXPECT_EQ(count_of(result.err, "loading "), 1u) << result.err;
  EXPECT_EQ(count_of(result.err, "cooling 0.1 s before the next run (--delay)\n"), 3u) << result.err;
  const auto first = result.err.find("round 1/2 [1/2] tg=2\n");
  const auto second = result.err.find("round 1/2 [2/2] tg=3\n");
  const auto third = result.err.find("round 2/2 [1/2] tg=2\n");
  ASSERT_NE(third, std::string::npos) << result.err;
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);
  EXPECT_THAT(result.out, HasSubstr("2 rounds, interleaved · delay 0.1 s"));
  EXPECT_THAT(result.out, HasSubstr("CPU clock"));
}

// The row formats print one row per combination.
TEST_F(PerfSweepCli, RowFormatsPrintOneRowPerCombination) {
  auto result = perf("-n 2,3 --prompt-tokens 8 -f jsonl -o " + out("sweep-rows.json").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<nlohmann::json> rows;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) rows.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["max_new_tokens"], 2);
  EXPECT_EQ(rows[1]["max_new_tokens"], 3);
}

// --depth: the cache holds depth tokens before the timed prompt; decode positions count from
// depth + prompt; the fill is timed apart; max_length is what the generation needs.
TEST_F(PerfSweepCli, DepthMovesTheTimedGenerationDownTheContext) {
  const auto report = out("depth.json");
  auto result = perf("--prompt-tokens 8 --depth 24 -n 4 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  const auto& r = test::first_result(json);
  EXPECT_EQ(r["config"]["depth"], 24);
  EXPECT_EQ(r["config"]["max_length"], 24 + 8 + 4);
  EXPECT_EQ(r["config"]["max_length_requested"], nullptr);
  EXPECT_EQ(r["metrics"]["decode_timeline"][0]["context_tokens"], 24 + 8 + 1);
  EXPECT_EQ(r["metrics"]["depth_fill_ms"]["count"], 1);
  EXPECT_GT(r["samples"]["timed"][0]["depth_fill_ms"].get<double>(), 0);
  EXPECT_EQ(r["samples"]["timed"][0]["generated_tokens"], 4);
  EXPECT_THAT(result.out, HasSubstr("depth 24 tokens"));
  EXPECT_THAT(result.out, HasSubstr("depth fill"));
}

// --max-length: the KV capacity given is the one allocated and reported, sweepable.
TEST_F(PerfSweepCli, MaxLengthIsSweepableAndReported) {
  const auto report = out("max-length.json");
  auto result = perf("--prompt-tokens 8 -n 2 --max-length 16,64 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  ASSERT_EQ(json["results"].size(), 2u);
  EXPECT_EQ(json["results"][0]["config"]["max_length"], 16);
  EXPECT_EQ(json["results"][1]["config"]["max_length"], 64);
  EXPECT_EQ(json["results"][1]["config"]["max_length_requested"], 64);
  EXPECT_EQ(json["results"][1]["samples"]["timed"][0]["generated_tokens"], 2);
  EXPECT_EQ(count_of(result.err, "loading "), 1u) << "max_length is no load-time setting";
}

// The single-model runtime: a session per thread count, every batch size on it, in plan order.
TEST_F(PerfSweepCli, SingleModelSweepsThreadsAndBatchSizes) {
  const auto report = out("onnx-sweep.json");
  auto result = test::run_command(test::winml_binary() + " perf --no-color -m " +
                                  (root_->path() / "pipe" / "lm_head.onnx").string() +
                                  " --iterations 2 --warmup 0 --threads 1,2 -b 1-2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_valid_report(report);
  const auto json = read_json(report);
  ASSERT_EQ(json["results"].size(), 4u);
  const int threads[] = {1, 1, 2, 2}, batches[] = {1, 2, 1, 2};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(json["results"][i]["config"]["threads"]["requested"], threads[i]);
    EXPECT_EQ(json["results"][i]["config"]["batch_size"], batches[i]);
    EXPECT_EQ(json["results"][i]["config"]["inputs"][0]["shape"][0], batches[i]);
    EXPECT_EQ(json["results"][i]["samples"]["timed_ms"].size(), 2u);
  }
  // One session per thread count: the combinations of a load share its creation time.
  EXPECT_EQ(json["results"][0]["metrics"]["session_creation_ms"], json["results"][1]["metrics"]["session_creation_ms"]);
  EXPECT_THAT(result.err, HasSubstr("[4/4] threads=2 batch=2\n"));
  EXPECT_THAT(result.out, HasSubstr("latency ms"));
}

// A text prompt's length is known only after loading; a depth it does not fit is still a usage
// error (exit 2) with the numbers, and no report is written.
TEST_F(PerfSweepCli, DepthThatATextPromptDoesNotFitIsAUsageError) {
  const auto report = out("no-room.json");
  auto result = perf("--depth 2030 -n 8 -o " + report.string());
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("context_length is 2048"));
  EXPECT_FALSE(fs::exists(report));
}

}  // namespace
}  // namespace winml
