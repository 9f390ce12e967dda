// `winml perf compare` end to end: two real `winml perf` runs of a synthetic bundle (one thread,
// then two) compared as a comparison of thread counts, in text and JSON, and a run of another
// prompt length refused; the --fail-if-slower gate on a real report against an unchanged copy
// (exit 0), a copy whose timings are three times as long (exit 4) and a copy cut to one timed
// iteration, which no test can judge (exit 5); and a device comparison: the pipeline bundle on the
// CPU EP against the same bundle on the test plugin EP (tests/test_ep), without --force.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/json_file.h"
#include "test_support/npu_pipeline_suite.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;

class PerfCompareCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    const auto result = test::run_winml("bundle synth -o " + path("tiny").string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    for (const int threads : {1, 2}) {
      const auto run = winml("perf -q -m " + path("tiny").string() + " --threads " + std::to_string(threads) +
                             " --prompt-tokens 8 -n 4 --iterations 5 --warmup 1 --no-bandwidth-probe -o " +
                             report(threads).string());
      ASSERT_EQ(run.exit_code, 0) << run.err;
    }
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path path(const std::string& name) { return root_->path() / name; }
  static fs::path report(int threads) { return path("threads-" + std::to_string(threads) + ".json"); }
  static test::CommandResult winml(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + path("cache").string() + " " + test::winml_binary() + " " + args);
  }
  // A copy of a report with every timing of every timed iteration multiplied by `factor`.
  static fs::path scaled_copy(const fs::path& from, double factor, const std::string& name) {
    nlohmann::json doc = test::read_json(from);
    for (auto& result : doc["results"]) {
      for (auto& it : result["samples"]["timed"]) {
        for (const char* key : {"prefill_ms", "first_token_ms", "total_ms"}) it[key] = it[key].get<double>() * factor;
        for (auto& step : it["decode_ms"]) step = step.get<double>() * factor;
      }
    }
    const fs::path to = path(name);
    std::ofstream(to) << doc.dump(2);
    return to;
  }
  static test::TempDir* root_;
};
test::TempDir* PerfCompareCli::root_ = nullptr;

TEST_F(PerfCompareCli, TwoRealRunsCompareInTextAndJson) {
  const auto text = winml("perf compare --no-color " + report(1).string() + " " + report(2).string());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("Welch's t-test"));
  EXPECT_THAT(text.out, HasSubstr("comparing thread counts: threads 1 → 2; everything else the same"));
  EXPECT_THAT(text.out, HasSubstr("threads=1"));  // the value columns' headings
  EXPECT_THAT(text.out, HasSubstr("RATIO"));
  for (const char* label : {"TTFT *", "TPOT", "decode tok/s *", "prefill tok/s", "end-to-end", "peak RSS"}) {
    EXPECT_THAT(text.out, HasSubstr(label));
  }
  EXPECT_THAT(text.out, HasSubstr("5/5"));
  EXPECT_THAT(text.out, HasSubstr("n/a (one sample)"));
  EXPECT_THAT(text.out, ::testing::Not(HasSubstr("\x1b[")));

  const fs::path json = path("compare.json");
  const auto written =
      winml("perf compare " + report(1).string() + " " + report(2).string() + " -f json -o " + json.string());
  ASSERT_EQ(written.exit_code, 0) << written.err;
  EXPECT_THAT(written.err, HasSubstr("comparison written to " + json.string()));
  const auto check = test::check_report_file(json, "compare.schema.json");
  EXPECT_TRUE(check.valid()) << check.problems;
  const auto doc = test::read_json(json);
  const auto& metrics = doc["comparisons"][0]["rows"][0]["metrics"];
  ASSERT_EQ(metrics.size(), 6u);
  EXPECT_EQ(metrics[0]["base"]["count"], 5);
  EXPECT_TRUE(metrics[0]["p"].is_number());
  EXPECT_TRUE(metrics[0]["ratio"].is_number());
  EXPECT_EQ(doc["comparisons"][0]["compared"][0]["setting"], "threads");
  EXPECT_EQ(doc["comparisons"][0]["labels"]["new"], "threads=2");
  // -o never replaces a file without --overwrite.
  EXPECT_EQ(winml("perf compare " + report(1).string() + " " + report(2).string() + " -o " + json.string()).exit_code,
            2);
}

// Another prompt length is other work: refused without --force (exit 2), naming the difference and
// the flag to rerun with.
TEST_F(PerfCompareCli, AnotherPromptLengthIsRefusedNamingTheFix) {
  const fs::path longer = path("prompt-16.json");
  const auto run = winml("perf -q -m " + path("tiny").string() +
                         " --threads 1 --prompt-tokens 16 -n 4 --iterations 2 --warmup 1 --no-bandwidth-probe -o " +
                         longer.string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto refused = winml("perf compare " + report(1).string() + " " + longer.string());
  EXPECT_EQ(refused.exit_code, 2) << refused.out;
  EXPECT_THAT(refused.err, HasSubstr("do not measure the same work"));
  EXPECT_THAT(refused.err, HasSubstr("prompt_tokens: 8 in " + report(1).string() + ", 16 in " + longer.string()));
  EXPECT_THAT(refused.err, HasSubstr("Measure both with the same --prompt-tokens"));
  EXPECT_EQ(winml("perf compare --force " + report(1).string() + " " + longer.string()).exit_code, 0);
}

TEST_F(PerfCompareCli, FailIfSlowerGatesOnASignificantSlowdown) {
  const fs::path same = scaled_copy(report(1), 1.0, "same.json");
  const auto unchanged =
      winml("perf compare --no-color " + report(1).string() + " " + same.string() + " --fail-if-slower 5");
  EXPECT_EQ(unchanged.exit_code, 0) << unchanged.out << unchanged.err;
  EXPECT_THAT(unchanged.out, HasSubstr("gate: no primary metric is significantly slower by more than 5 %"));

  const fs::path slow = scaled_copy(report(1), 3.0, "slow.json");
  const auto gated =
      winml("perf compare --no-color " + report(1).string() + " " + slow.string() + " --fail-if-slower 5");
  EXPECT_EQ(gated.exit_code, 4) << gated.out << gated.err;
  EXPECT_THAT(gated.out, HasSubstr("exit code 4"));
  // Both primary metrics are three times slower; which of them a t-test on five noisy iterations of
  // a tiny bundle calls significant depends on the run (a TTFT spread by one slow prefill may not
  // be), so the message must name at least one, with the change the scaling made.
  EXPECT_THAT(gated.err, ::testing::ContainsRegex("significantly slower by more than --fail-if-slower 5 %: "
                                                  "(TTFT 200\\.0 %|decode tok/s 66\\.7 %) slower in"));
  // Without the gate the same comparison succeeds: it only reports.
  EXPECT_EQ(winml("perf compare " + report(1).string() + " " + slow.string()).exit_code, 0);
}

TEST_F(PerfCompareCli, AGateOnOneIterationCannotBeEvaluated) {
  nlohmann::json doc = test::read_json(report(1));
  for (auto& result : doc["results"]) {
    auto& timed = result["samples"]["timed"];
    timed.erase(timed.begin() + 1, timed.end());
  }
  const fs::path one = path("one.json");
  std::ofstream(one) << doc.dump(2);
  const auto gated =
      winml("perf compare --no-color " + report(1).string() + " " + one.string() + " --fail-if-slower 5");
  EXPECT_EQ(gated.exit_code, 5) << gated.out << gated.err;
  EXPECT_THAT(gated.out, HasSubstr("gate: could not be evaluated: 2 primary metrics have no test"));
  EXPECT_THAT(gated.err, HasSubstr("TTFT in " + one.string() + ": 5 base and 1 new samples"));
  // Without the gate the comparison only reports, as before.
  EXPECT_EQ(winml("perf compare " + report(1).string() + " " + one.string()).exit_code, 0);
}

// The same bundle on two EPs: the pipeline routed as NPU bundles are, run with --ep cpu and with
// --ep winml_test (the test plugin EP takes its accelerator stages). A device comparison: exit 0
// without --force, the EPs named, each side's values, the ratios and the greedy ids checked.
class DeviceCompareCli : public test::NpuPipelineSuite<DeviceCompareCli> {
 protected:
  static test::CommandResult perf(const std::string& ep, const fs::path& report) {
    return winml_with_test_ep("perf -m " + npu_bundle().string() + " --ep " + ep +
                              " --prompt-tokens 12 -n 6 --iterations 3 --warmup 1 --no-bandwidth-probe -q -o " +
                              report.string());
  }
};

TEST_F(DeviceCompareCli, CpuAgainstThePluginEpComparesWithoutForce) {
  const fs::path cpu = at("cpu.json"), ep = at("ep.json");
  const auto on_cpu = perf("cpu", cpu);
  ASSERT_EQ(on_cpu.exit_code, 0) << on_cpu.err;
  const auto on_ep = perf("winml_test", ep);
  ASSERT_EQ(on_ep.exit_code, 0) << on_ep.err;
  const auto text = test::run_winml("perf compare --no-color " + cpu.string() + " " + ep.string());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("comparing devices: ep cpu → winmltestep"));
  EXPECT_THAT(text.out, HasSubstr("ep=cpu"));
  EXPECT_THAT(text.out, HasSubstr("ep=winmltestep"));
  EXPECT_THAT(text.out, HasSubstr("RATIO"));
  EXPECT_THAT(text.out, HasSubstr("greedy ids: identical ids"));
  EXPECT_THAT(text.err, ::testing::Not(HasSubstr("--force")));

  const auto json = test::run_winml("perf compare -f json " + cpu.string() + " " + ep.string());
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  const auto check = test::check_report(doc, "compare.schema.json");
  EXPECT_TRUE(check.valid()) << check.problems;
  const auto& compared = doc["comparisons"][0];
  EXPECT_EQ(compared["incompatible"].size(), 0u);
  EXPECT_EQ(compared["compared"][0]["setting"], "ep");
  EXPECT_EQ(compared["labels"]["base"], "ep=cpu");
  EXPECT_EQ(compared["rows"][0]["agreement"]["status"], "identical");
}

}  // namespace
}  // namespace winml
