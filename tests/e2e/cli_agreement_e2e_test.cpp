// "Still right?" through the real engines: a sweep over the CPU EP and the test plugin EP
// (tests/test_ep) records each result's greedy ids and first-step logits and checks the second
// against the first; WINML_TEST_EP_PERTURB makes the plugin compute something else, and the check
// must then say where the ids part. `perf compare` applies the same check across two reports.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/json_file.h"
#include "test_support/npu_pipeline_suite.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;

class AgreementCli : public test::NpuPipelineSuite<AgreementCli> {
 protected:
  static fs::path bundle() { return npu_bundle(); }
  static fs::path path(const std::string& name) { return at(name); }

  // `winml perf` of the bundle with the test EP registered as winml_test, `env` set for it.
  static test::CommandResult perf(const std::string& args, const std::string& env = "") {
    return winml_with_test_ep(
        "perf -m " + bundle().string() + " --prompt-tokens 12 -n 10 --iterations 2 --warmup 1 " + args, env);
  }
};

TEST_F(AgreementCli, SweepOverCpuAndThePluginEpKeepsTheGreedyIds) {
  const fs::path report = path("agree.json");
  auto result = perf("--ep cpu,winml_test -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = test::read_json(report);
  const auto& results = json["results"];
  ASSERT_EQ(results.size(), 2u);
  for (const auto& r : results) {
    EXPECT_EQ(r["output"]["decoding"], "greedy");
    EXPECT_EQ(r["output"]["generation"], "warmup");
    EXPECT_EQ(r["output"]["tokens"], 10);
    EXPECT_EQ(r["output"]["first_ids"].size(), 10u);
    EXPECT_EQ(r["output"]["first_step_top"].size(), 5u);
  }
  EXPECT_EQ(results[0]["agreement"]["status"], "reference");
  EXPECT_EQ(results[1]["agreement"]["status"], "identical") << results[1]["agreement"].dump();
  EXPECT_EQ(results[1]["agreement"]["reference"], 0);
  EXPECT_EQ(results[1]["output"]["ids_digest"], results[0]["output"]["ids_digest"]);
  // The plugin computes in another order than the CPU EP: rounding apart, not more.
  EXPECT_LT(results[1]["agreement"]["first_step_logit_diff"].get<double>(), 1e-3);
  EXPECT_THAT(result.out, HasSubstr("greedy ids"));
  EXPECT_THAT(result.out, HasSubstr("identical"));
}

TEST_F(AgreementCli, PerturbedPluginKernelIsCaughtWithItsDivergencePosition) {
  const fs::path report = path("perturbed.json");
  auto result = perf("--ep cpu,winml_test -o " + report.string(), "WINML_TEST_EP_PERTURB=mul:0.3");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = test::read_json(report);
  const auto& agreement = json["results"][1]["agreement"];
  ASSERT_EQ(agreement["status"], "diverged") << agreement.dump();
  ASSERT_TRUE(agreement["diverges_at_token"].is_number_integer()) << agreement.dump();
  const int at = agreement["diverges_at_token"].get<int>();
  EXPECT_GE(at, 1);
  EXPECT_LE(at, 10);
  // The reported position is where the kept ids first differ.
  const auto& a = json["results"][0]["output"]["first_ids"];
  const auto& b = json["results"][1]["output"]["first_ids"];
  for (int i = 0; i + 1 < at; ++i) EXPECT_EQ(a[i], b[i]) << i;
  EXPECT_NE(a[at - 1], b[at - 1]);
  EXPECT_GT(agreement["first_step_logit_diff"].get<double>(), 1e-3);
  EXPECT_THAT(result.out, HasSubstr("differ at " + std::to_string(at)));
}

TEST_F(AgreementCli, CompareChecksTheNewReportsIdsAgainstTheBase) {
  const fs::path cpu = path("cpu.json"), good = path("good.json"), bad = path("bad.json");
  ASSERT_EQ(perf("--ep cpu -q -o " + cpu.string()).exit_code, 0);
  ASSERT_EQ(perf("--ep winml_test -q -o " + good.string()).exit_code, 0);
  ASSERT_EQ(perf("--ep winml_test -q -o " + bad.string(), "WINML_TEST_EP_PERTURB=mul:0.3").exit_code, 0);
  // Another EP is a device comparison: no --force, and the ids are checked across it.
  auto across = test::run_winml("perf compare " + cpu.string() + " " + good.string());
  ASSERT_EQ(across.exit_code, 0) << across.err;
  EXPECT_THAT(across.out, HasSubstr("greedy ids: identical ids"));
  auto result = test::run_winml("perf compare " + good.string() + " " + bad.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("greedy ids: differ at token"));
  auto json_result = test::run_winml("perf compare -f json " + good.string() + " " + bad.string());
  ASSERT_EQ(json_result.exit_code, 0) << json_result.err;
  const auto compare = nlohmann::json::parse(json_result.out);
  EXPECT_EQ(compare["comparisons"][0]["rows"][0]["agreement"]["status"], "diverged");
}

}  // namespace
}  // namespace winml
