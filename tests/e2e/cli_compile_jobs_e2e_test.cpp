// --compile-jobs through the real ONNX Runtime: the synthesised pipeline routed as NPU bundles are
// (ctx and iter on an accelerator), forced onto the test plugin EP (tests/test_ep), whose compile
// is told to take 2 s per stage (WINML_TEST_EP_COMPILE=slow:2000). One worker takes the two
// stages one after the other; two take them side by side.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support/json_file.h"
#include "test_support/npu_pipeline_suite.h"
#include "test_support/report_doc.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class CompileJobsCli : public test::NpuPipelineSuite<CompileJobsCli> {
 protected:
  // A private copy of the NPU bundle: every run compiles from scratch.
  static fs::path fresh_copy(const std::string& name) {
    const fs::path bundle = at(name);
    fs::copy(npu_bundle(), bundle, fs::copy_options::recursive);
    return bundle;
  }

  // One result of `winml perf --compile` on a fresh copy, with `flags` added.
  static nlohmann::json perf_compiled(const std::string& name, const std::string& flags,
                                      const std::string& env = "WINML_TEST_EP_COMPILE=slow:2000") {
    const fs::path bundle = fresh_copy(name);
    const fs::path report = at(name + ".json");
    auto result = winml_with_test_ep("perf -m " + bundle.string() + " --ep winml_test --compile " + flags +
                                         " --iterations 1 --warmup 0 -n 2 -q -o " + report.string(),
                                     env);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return test::first_result(test::read_json(report));
  }

  static std::vector<std::string> stage_order(const nlohmann::json& result) {
    std::vector<std::string> out;
    for (const auto& stage : result.at("preparation")) {
      out.push_back(stage.at("stage").get<std::string>() + " " + stage.at("action").get<std::string>());
    }
    return out;
  }
};

TEST_F(CompileJobsCli, TwoSlowStagesCompileInAboutHalfTheSequentialTime) {
  const nlohmann::json sequential = perf_compiled("one-worker", "--compile-jobs 1");
  const nlohmann::json parallel = perf_compiled("two-workers", "--compile-jobs 2");
  const nlohmann::json& one = sequential.at("compile");
  const nlohmann::json& two = parallel.at("compile");
  ASSERT_TRUE(one.is_object()) << sequential.dump();
  ASSERT_TRUE(two.is_object()) << parallel.dump();
  EXPECT_EQ(one.at("jobs"), 1);
  EXPECT_EQ(two.at("jobs"), 2);
  EXPECT_EQ(two.at("jobs_source"), "requested");
  EXPECT_EQ(two.at("limited_by"), "requested");
  const double one_wall = one.at("wall_ms").get<double>();
  const double two_wall = two.at("wall_ms").get<double>();
  EXPECT_GE(one_wall, 4000.0) << "two 2 s compiles, one after the other";
  // Measured in the same test on the same machine: a generous bound, for a loaded one.
  EXPECT_LT(two_wall, 0.8 * one_wall) << "parallel " << two_wall << " ms, sequential " << one_wall << " ms";
  EXPECT_LT(two_wall, 0.8 * two.at("stages_ms").get<double>());
  EXPECT_GT(two.at("saved_ms").get<double>(), 1000.0);
  // The load breakdown counts the compile's wall time, not the stages' sum.
  EXPECT_DOUBLE_EQ(parallel.at("metrics").at("load").at("compile_ms").get<double>(), two_wall);
  // Same stages, same outcomes, same order.
  EXPECT_EQ(stage_order(parallel), stage_order(sequential));
  EXPECT_THAT(stage_order(parallel), ::testing::Contains("ctx compiled"));
  EXPECT_THAT(stage_order(parallel), ::testing::Contains("iter compiled"));
}

TEST_F(CompileJobsCli, CompileTableSaysHowManyRanAtOnceAndWhatItSaved) {
  const fs::path bundle = fresh_copy("table");
  auto result = winml_with_test_ep("compile -m " + bundle.string() + " --ep winml_test --compile-jobs 2 -o " +
                                       (bundle / "_compiled").string() + " --overwrite",
                                   "WINML_TEST_EP_COMPILE=slow:500");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("compile: 2 stages at once (--compile-jobs)")) << result.out;
  EXPECT_THAT(result.out, HasSubstr("saved")) << result.out;
  // The table lists the stages in the bundle's order, not in the order their compiles ended.
  const auto embeddings = result.out.find("embeddings");
  const auto ctx = result.out.find("\nctx ");
  const auto iter = result.out.find("\niter ");
  ASSERT_NE(ctx, std::string::npos) << result.out;
  ASSERT_NE(iter, std::string::npos) << result.out;
  EXPECT_LT(embeddings, ctx);
  EXPECT_LT(ctx, iter);
}

TEST_F(CompileJobsCli, CrashingWorkersSideBySideEachFallBackAndTheRunCompletes) {
  const nlohmann::json result = perf_compiled("crash", "--compile-jobs 2", "WINML_TEST_EP_COMPILE=crash");
  int fell_back = 0;
  for (const auto& stage : result.at("preparation")) {
    if (stage.at("action") != "fell_back") continue;
    ++fell_back;
    EXPECT_THAT(stage.at("detail").get<std::string>(), HasSubstr("signal")) << stage.dump();
  }
  EXPECT_EQ(fell_back, 2) << "ctx and iter, each in its own worker";
  EXPECT_EQ(result.at("compile").at("jobs"), 2);
  EXPECT_GT(result.at("metrics").at("iterations").get<int>(), 0) << "the stages ran just in time";
}

TEST_F(CompileJobsCli, WithoutCompileTheFlagIsNamedAsInert) {
  auto result =
      winml_with_test_ep("perf -m " + at("pipe").string() + " --compile-jobs 2 --iterations 1 --warmup 0 -n 2 -q -o " +
                             at("inert.json").string(),
                         "");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("--compile-jobs has no effect without --compile")) << result.err;
  EXPECT_TRUE(test::first_result(test::read_json(at("inert.json"))).at("compile").is_null());
}

}  // namespace
}  // namespace winml
