// `winml perf` through GenAI's Engine end to end: the real engine on a synthetic plain bundle,
// served by the real winml binary (--concurrency, --request-rate, --turns, --slo, --shard,
// compare and the row formats).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;

class PerfServing : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth -q -o " + bundle().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "plain"; }
  static fs::path out(const std::string& name) { return root_->path() / (name + ".json"); }
  static test::CommandResult perf(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() +
                             " perf -q --no-color -m " + bundle().string() + " " + args);
  }
  // Runs and reads back the report at `name`.json, checked against the schema.
  static json served(const std::string& name, const std::string& args) {
    const auto result = perf(args + " --overwrite -o " + out(name).string());
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const auto check = test::check_report_file(out(name));
    EXPECT_TRUE(check.valid()) << check.problems;
    return test::read_json(out(name));
  }
  static test::TempDir* root_;
};
test::TempDir* PerfServing::root_ = nullptr;

// The engine's own steps: four conversations in flight finish the same tokens in fewer steps than
// one at a time, its batches reaching four (a static engine's default).
TEST_F(PerfServing, FourInFlightFinishTheSameTokensInFewerEngineSteps) {
  const json report = served("conc", "--concurrency 1,4 --requests 8 --warmup 1 -n 16 --prompt-tokens 16");
  ASSERT_EQ(report["results"].size(), 2u);
  const json& one = report["results"][0]["serving"];
  const json& four = report["results"][1]["serving"];
  EXPECT_EQ(report["results"][0]["config"]["serving"]["concurrency"], 1);
  EXPECT_EQ(report["results"][1]["config"]["serving"]["mode"], "closed");
  EXPECT_EQ(one["generated_tokens"], 8 * 16);
  EXPECT_EQ(four["generated_tokens"], one["generated_tokens"]);
  EXPECT_LT(four["steps"].get<int>(), one["steps"].get<int>());
  EXPECT_EQ(one["largest_batch"], 1);
  EXPECT_EQ(four["largest_batch"], 4);
  EXPECT_EQ(four["engine"]["max_batch_size"], 4);
  // Every turn is also a generation: the full statistics apply per request.
  EXPECT_EQ(report["results"][1]["metrics"]["ttft_ms"]["count"], 8);
  EXPECT_EQ(report["results"][1]["samples"]["timed"].size(), 8u);
  EXPECT_EQ(report["sweep"]["axes"][0]["name"], "concurrency");
}

// An open loop: seeded arrivals (the same load each run), every request judged against the
// objectives, and the offered rate compared with what completed.
TEST_F(PerfServing, AnOpenLoopReportsGoodputAndWhetherItKeptUp) {
  const json report =
      served("rate", "--request-rate 50 --burstiness 0.5 --requests 6 --warmup 1 -n 4 --slo ttft=10s,e2e=20s");
  const json& r = report["results"][0];
  EXPECT_EQ(r["config"]["serving"]["mode"], "open");
  EXPECT_EQ(r["config"]["serving"]["request_rate"], 50.0);
  EXPECT_EQ(r["config"]["serving"]["burstiness"], 0.5);
  EXPECT_GT(r["config"]["serving"]["arrival_seed"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(r["serving"]["goodput"]["requests"], 6);
  EXPECT_EQ(r["serving"]["goodput"]["met"], 6);  // generous objectives on a tiny model
  EXPECT_EQ(r["serving"]["offered_rate_per_s"], 50.0);
  EXPECT_TRUE(r["serving"]["offered_rate_exceeded"].is_boolean());
  // Six arrivals 1/50 s apart on average take about 0.12 s to arrive: the run cannot be much shorter.
  EXPECT_GT(r["serving"]["wall_ms"].get<double>(), 20.0);
}

// Conversations of three turns on one request each: TTFT per turn, and the static engine's
// prompt cache as it reports it. GenAI 0.18's static engine reports no prefix-cache hit, and a
// later turn's prompt tokens are its new input alone: the context before it stays in the request,
// not prefilled again.
TEST_F(PerfServing, ThreeTurnsReportEachTurnAndTheEnginesCache) {
  const auto result =
      perf("--turns 3 --requests 2 --warmup 1 -n 8 --prompt-tokens 24 --overwrite -o " + out("turns").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("3 turns each"));
  const json report = test::read_json(out("turns"));
  const json& s = report["results"][0]["serving"];
  ASSERT_EQ(s["turns"].size(), 3u);
  for (const json& turn : s["turns"]) {
    EXPECT_EQ(turn["requests"], 2);
    EXPECT_EQ(turn["prompt_tokens"], 2 * 24) << "turn " << turn["turn"] << ": only the new input is prefilled";
    EXPECT_GT(turn["ttft_ms"]["count"].get<int>(), 0);
  }
  EXPECT_EQ(s["conversations"], 2);
  EXPECT_EQ(s["requests"], 6);
  if (s["cached_prompt_tokens"] == 0) {
    EXPECT_THAT(result.out, HasSubstr("the engine reported no prompt token served from its prefix cache"));
  } else {
    EXPECT_GT(s["turns"][1]["cached_prompt_tokens"].get<int>(), 0);
  }
}

// Two serving sweeps compare result by result, matched by their concurrency; rows carry the serving columns.
TEST_F(PerfServing, ServedAndGeneratedRunsCompareMatchedByConcurrency) {
  const json a = served("a", "--concurrency 1,2 --requests 4 --warmup 1 -n 8");
  const json b = served("b", "--concurrency 1,2 --requests 4 --warmup 1 -n 8");
  const auto compared = test::run_winml("perf compare " + out("a").string() + " " + out("b").string());
  EXPECT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_THAT(compared.out, HasSubstr("results matched on: concurrency"));
  EXPECT_THAT(compared.out, HasSubstr("served tok/s"));
  const auto rows = perf("--concurrency 1,2 --requests 4 --warmup 1 -n 8 -f csv --overwrite -o " + out("c").string());
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  EXPECT_THAT(rows.out, HasSubstr(",output_tokens_per_s,"));
  EXPECT_THAT(rows.out, HasSubstr("serving_mode"));
}

// --shard splits a serving sweep like any other: the second half runs concurrency 4 alone.
TEST_F(PerfServing, AShardRunsItsSliceOfTheLoads) {
  const json report = served("shard", "--concurrency 1,2,4,8 --requests 4 --warmup 0 -n 4 --shard 2/2");
  ASSERT_EQ(report["results"].size(), 2u);
  EXPECT_EQ(report["results"][0]["config"]["serving"]["concurrency"], 4);
  EXPECT_EQ(report["results"][1]["config"]["serving"]["concurrency"], 8);
  EXPECT_EQ(report["sweep"]["shard"]["index"], 2);
}

// More in flight than the engine batches: the others wait in its queue, so the load measured is not
// the one asked for; winml says so, naming the limit (a static engine batches 4) and the fix.
TEST_F(PerfServing, ConcurrencyAboveTheEnginesBatchLimitIsWarned) {
  const auto result =
      perf("--concurrency 2,6 --requests 6 --warmup 0 -n 4 --prompt-tokens 8 --overwrite -o " + out("over").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("conc=6: --concurrency 6 is above the engine's max batch size of 4"));
  EXPECT_THAT(result.err, HasSubstr("measure up to --concurrency 4"));
  EXPECT_THAT(result.err, ::testing::Not(HasSubstr("--concurrency 2 is above")));
}

// An open loop's length follows from its seeded arrivals: said on stderr before the warmup starts.
TEST_F(PerfServing, AnOpenLoopSaysHowLongItTakesBeforeItStarts) {
  const auto result = test::run_command(
      "WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() + " perf --no-color -m " +
      bundle().string() + " --request-rate 20 --requests 6 --warmup 1 -n 4 --overwrite -o " + out("estimate").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto plan = result.err.find("open loop: 6 arrivals at 20 req/s: the timed run takes at least ");
  ASSERT_NE(plan, std::string::npos) << result.err;
  EXPECT_THAT(result.err.substr(plan), HasSubstr("(its last arrival), after 4 warmup conversations"));
  const auto warmup = result.err.find("warmup 1/");
  ASSERT_NE(warmup, std::string::npos) << result.err;
  EXPECT_LT(plan, warmup);
}

// A pipeline bundle: GenAI's Engine refuses it, and winml says why and what to use instead.
TEST_F(PerfServing, APipelineBundleIsRefusedWithWhatToUseInstead) {
  auto synth = test::run_winml("bundle synth -q --pipeline -o " + (root_->path() / "pipe").string());
  ASSERT_EQ(synth.exit_code, 0) << synth.err;
  const auto result = test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " +
                                        test::winml_binary() + " perf -q -m " + (root_->path() / "pipe").string() +
                                        " --concurrency 2 -n 4 -o " + out("pipe").string());
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("GenAI's Engine cannot serve this bundle"));
  EXPECT_THAT(result.err, HasSubstr("plain `winml perf`"));
  EXPECT_FALSE(fs::exists(out("pipe")));
}

}  // namespace
}  // namespace winml
