// `winml perf ls`, the last / last~N report names and `winml cache clean` end to end: two real
// `winml perf` runs of a synthetic bundle write their default reports under WINML_CACHE_DIR, ls
// lists them newest first, `perf compare last~1 last` compares them, and cache clean lists, then
// removes, what its criteria select.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::Not;

class PerfLsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto synth = test::run_winml("bundle synth -o " + path("tiny").string());
    ASSERT_EQ(synth.exit_code, 0) << synth.err;
    for (const int threads : {1, 2}) {
      const auto run = winml("perf -q -m " + path("tiny").string() + " --threads " + std::to_string(threads) +
                             " --prompt-tokens 8 -n 4 --iterations 2 --warmup 1 --no-bandwidth-probe");
      ASSERT_EQ(run.exit_code, 0) << run.err;
    }
  }
  fs::path path(const std::string& name) const { return root_.path() / name; }
  test::CommandResult winml(const std::string& args) const {
    return test::run_command("WINML_CACHE_DIR=" + path("cache").string() + " " + test::winml_binary() + " " + args);
  }
  test::TempDir root_;
};

TEST_F(PerfLsCli, ListsTheRunsNewestFirstAndNamesThemForCompare) {
  const auto ls = winml("perf ls --no-color");
  ASSERT_EQ(ls.exit_code, 0) << ls.err;
  EXPECT_THAT(ls.out, HasSubstr("name"));
  EXPECT_THAT(ls.out, HasSubstr("tok/s decode"));
  EXPECT_THAT(ls.out, HasSubstr("winml-genai"));
  EXPECT_THAT(ls.out, HasSubstr(path("cache").string()));

  const auto json = winml("perf ls -f json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json listed = nlohmann::json::parse(json.out);
  ASSERT_EQ(listed["reports"].size(), 2u);
  EXPECT_EQ(listed["reports"][0]["name"], "last");
  EXPECT_EQ(listed["reports"][1]["name"], "last~1");
  EXPECT_EQ(listed["reports"][0]["model"], path("tiny").string());
  EXPECT_TRUE(listed["reports"][0]["low"].is_number());
  // The second run (two threads) is the newest.
  const nlohmann::json newest = nlohmann::json::parse(std::ifstream(listed["reports"][0]["path"].get<std::string>()));
  EXPECT_EQ(newest["results"][0]["config"]["threads"]["requested"], 2);

  const auto compared = winml("perf compare --no-color last~1 last");
  ASSERT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_THAT(compared.out, HasSubstr("Welch's t-test"));
  EXPECT_THAT(compared.out, HasSubstr("comparing thread counts: threads 1 → 2"));

  const auto beyond = winml("perf compare last~9 last");
  EXPECT_EQ(beyond.exit_code, 2);
  EXPECT_THAT(beyond.err, HasSubstr("holds 2 reports"));
}

TEST_F(PerfLsCli, ForeignFilesAreSkippedByLsAndByTheNames) {
  std::ofstream(path("cache") / "perf" / "notes.json") << "{}";  // not in a model folder: not listed
  fs::create_directories(path("cache") / "perf" / "other-1");
  std::ofstream(path("cache") / "perf" / "other-1" / "foreign.json") << "{\"name\": \"x\"}";
  const auto ls = winml("perf ls -f json");
  ASSERT_EQ(ls.exit_code, 0) << ls.err;
  const nlohmann::json listed = nlohmann::json::parse(ls.out);
  EXPECT_EQ(listed["reports"].size(), 2u);
  EXPECT_EQ(listed["skipped"], 1);
  EXPECT_THAT(ls.err, HasSubstr("skipped 1 file under"));
  const auto compared = winml("perf compare last~1 last");
  EXPECT_EQ(compared.exit_code, 0) << compared.err;
}

TEST_F(PerfLsCli, CacheCleanIsADryRunUntilYes) {
  const auto dry = winml("cache clean --max-size 0 --reports");
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_THAT(dry.err, HasSubstr("dry run: would remove 2 of 2 entries"));
  EXPECT_EQ(nlohmann::json::parse(winml("perf ls -f json").out)["reports"].size(), 2u);

  const auto none = winml("cache clean --older-than 30");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_THAT(none.err, HasSubstr("would remove 0 of"));

  const auto removed = winml("cache clean --max-size 0 --reports --yes");
  ASSERT_EQ(removed.exit_code, 0) << removed.err;
  EXPECT_THAT(removed.err, HasSubstr("removed 2 of 2 entries"));
  EXPECT_TRUE(nlohmann::json::parse(winml("perf ls -f json").out)["reports"].empty());
  EXPECT_TRUE(fs::exists(path("tiny") / "genai_config.json"));  // outside the cache root
  EXPECT_THAT(winml("perf ls").err, HasSubstr("no reports under"));
  EXPECT_THAT(winml("perf ls").out, Not(HasSubstr("last")));
}

}  // namespace
}  // namespace winml
