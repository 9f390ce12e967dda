// `winml perf --shard K/N` and `winml perf merge` end to end: a tiny sweep on a synthetic bundle,
// run whole and in two shards, the shards merged into one report holding the whole run's
// combinations in its order. Every run is one iteration of a few tokens.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "test_support/json_file.h"
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

// The sweep of every run here: 2 thread counts (two loads) x 2 prompt lengths = 4 combinations.
constexpr const char* kSweep = " --threads 1,2 --prompt-tokens 8,16 -n 2 --iterations 1 --warmup 0";

class PerfShardCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    const auto result = test::run_winml("bundle synth -o " + bundle().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "tiny"; }
  static fs::path out(const std::string& name) { return root_->path() / "reports" / name; }
  static test::CommandResult winml(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() +
                             " " + args);
  }
  static test::CommandResult sweep(const std::string& extra) {
    return winml("perf --no-color -m " + bundle().string() + kSweep + " " + extra);
  }
  // (threads requested, prompt tokens) of every result, in order.
  static std::vector<std::pair<int, int>> combinations(const nlohmann::json& report) {
    std::vector<std::pair<int, int>> out;
    for (const auto& r : report["results"]) {
      out.emplace_back(r["config"]["threads"]["requested"].get<int>(), r["config"]["prompt_tokens"].get<int>());
    }
    return out;
  }
  static test::TempDir* root_;
};
test::TempDir* PerfShardCli::root_ = nullptr;

// Each shard measures its contiguous half, loading the model only for its own thread count, and
// says so in its report; merged (given in reverse order) they are the whole run's combinations in
// its order, each result with its source, and the merged report satisfies the schema.
TEST_F(PerfShardCli, TwoShardsMergeIntoTheWholeSweep) {
  const auto whole = out("whole.json");
  auto result = sweep("-q -o " + whole.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (int k = 1; k <= 2; ++k) {
    const auto shard = out("shard-" + std::to_string(k) + ".json");
    result = sweep("--shard " + std::to_string(k) + "/2 -o " + shard.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(count_of(result.err, "loading "), 1u) << "one thread count per shard: " << result.err;
    EXPECT_THAT(result.out, HasSubstr("sweep of 2 combinations · shard " + std::to_string(k) + "/2 of 4 combinations"));
    const auto json = read_json(shard);
    EXPECT_EQ(json["sweep"]["shard"], (nlohmann::json{{"index", k}, {"count", 2}}));
    EXPECT_EQ(json["sweep"]["combinations"], 4);
    EXPECT_EQ(combinations(json), (std::vector<std::pair<int, int>>{{k, 8}, {k, 16}}));
    const auto check = test::check_report_file(shard);
    EXPECT_TRUE(check.valid()) << check.problems;
  }
  const auto merged = out("all.json");
  result = winml("perf merge " + out("shard-2.json").string() + " " + out("shard-1.json").string() + " -o " +
                 merged.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("merged 2 reports (4 results) into " + merged.string()));
  const auto check = test::check_report_file(merged);
  EXPECT_TRUE(check.valid()) << check.problems;
  const auto all = read_json(merged);
  const auto reference = read_json(whole);
  EXPECT_EQ(combinations(all), combinations(reference));
  EXPECT_EQ(all["sweep"], reference["sweep"]);
  EXPECT_EQ(all["results"][0]["source"],
            (nlohmann::json{{"file", out("shard-1.json").string()}, {"shard", {{"index", 1}, {"count", 2}}}}));
  EXPECT_EQ(all["results"][3]["source"]["file"], out("shard-2.json").string());
}

// A missing shard is refused and nothing is written; --allow-missing merges what is there.
TEST_F(PerfShardCli, MergeRefusesAMissingShardUnlessAllowed) {
  const auto shard = out("alone-1.json");
  ASSERT_EQ(sweep("-q --shard 1/2 -o " + shard.string()).exit_code, 0);
  const auto merged = out("partial.json");
  auto result = winml("perf merge " + shard.string() + " -o " + merged.string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("shard 2/2 of the sweep in " + shard.string() + " is missing"));
  EXPECT_FALSE(fs::exists(merged));
  result = winml("perf merge --allow-missing " + shard.string() + " -o " + merged.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("warning: shard 2/2 of the sweep in"));
  EXPECT_EQ(read_json(merged)["results"].size(), 2u);
}

// More shards than combinations is a usage error before anything loads.
TEST_F(PerfShardCli, MoreShardsThanCombinationsIsAUsageError) {
  const auto result = sweep("--shard 5/5 -o " + out("five.json").string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--shard 5/5: the sweep has 4 combinations, fewer than the 5 shards"));
  EXPECT_EQ(count_of(result.err, "loading "), 0u) << result.err;
  EXPECT_FALSE(fs::exists(out("five.json")));
}

}  // namespace
}  // namespace winml
