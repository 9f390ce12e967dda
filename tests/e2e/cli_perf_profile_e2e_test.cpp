// `winml perf --profile` through the real ONNX Runtime and GenAI: the synthesised pipeline routed
// as NPU bundles are (transformer stages on the test plugin EP, embeddings and lm_head on the CPU),
// and the same pipeline all on the CPU.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "test_support/json_file.h"
#include "test_support/npu_pipeline_suite.h"
#include "test_support/report_doc.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;

class ProfileCli : public test::NpuPipelineSuite<ProfileCli> {
 protected:
  static test::CommandResult profile_winml(const std::string& args) { return winml_with_test_ep(args); }
};

double sum_ms(const nlohmann::json& shares) {
  double ms = 0;
  for (const auto& s : shares) ms += s["ms"].get<double>();
  return ms;
}

const nlohmann::json* share_named(const nlohmann::json& shares, const std::string& name) {
  for (const auto& s : shares)
    if (s["name"] == name) return &s;
  return nullptr;
}

TEST_F(ProfileCli, PipelineOnTheTestEpAddsUpAndNamesItsShare) {
  const fs::path report = at("npu.json");
  auto result =
      profile_winml("perf -m " + at("npu-bundle").string() +
                    " --ep winml_test --iterations 2 --warmup 1 -n 4 --profile --profile-top 3 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = test::read_json(report);
  const auto& profile = test::first_result(json)["metrics"]["profile"];
  ASSERT_TRUE(profile.is_object()) << profile.dump();
  EXPECT_EQ(profile["method"], "session");
  EXPECT_THAT(profile["note"].get<std::string>(), HasSubstr("after the timed runs"));
  ASSERT_EQ(profile["phases"].size(), 2u);
  EXPECT_EQ(profile["phases"][0]["phase"], "prefill");
  EXPECT_EQ(profile["phases"][1]["phase"], "decode");
  EXPECT_EQ(profile["phases"][1]["steps"], 3);  // -n 4: the first token is sampled from prefill
  for (const auto& phase : profile["phases"]) {
    SCOPED_TRACE(phase["phase"].get<std::string>());
    const double node_ms = phase["node_ms"].get<double>();
    EXPECT_GT(node_ms, 0);
    EXPECT_LE(node_ms, phase["run_ms"].get<double>());
    // By EP, by stage, by operator type and by cell, the times add up to the phase's node time.
    for (const char* group : {"eps", "stages", "op_types", "cells"}) {
      EXPECT_NEAR(sum_ms(phase[group]), node_ms, 1e-3 + node_ms * 1e-9) << group;
    }
    const auto* test_ep = share_named(phase["eps"], "WinmlTestEP");
    const auto* cpu = share_named(phase["eps"], "CPUExecutionProvider");
    ASSERT_NE(test_ep, nullptr) << phase["eps"].dump();
    ASSERT_NE(cpu, nullptr) << phase["eps"].dump();  // Gather and lm_head stay on the CPU
    EXPECT_GT((*test_ep)["share"].get<double>(), 0);
    ASSERT_TRUE(phase["cpu_share"].is_number());
    EXPECT_DOUBLE_EQ(phase["cpu_share"].get<double>(), (*cpu)["share"].get<double>());
    EXPECT_LE(phase["top"].size(), 3u);
    std::set<std::string> stages;
    for (const auto& s : phase["stages"]) stages.insert(s["name"]);
    EXPECT_TRUE(stages.count("ctx") || stages.count("iter")) << phase["stages"].dump();
    // The test EP compiles what it claims: its nodes are fused partitions, and nothing else runs on it.
    for (const auto& cell : phase["cells"]) {
      if (cell["ep"] != "WinmlTestEP") continue;
      EXPECT_EQ(cell["op_type"], "fused partition");
    }
    EXPECT_TRUE(phase["gap_ms"].is_number());
  }
  ASSERT_TRUE(profile["cpu_share"].is_number());
  EXPECT_GT(profile["cpu_share"].get<double>(), 0);
  EXPECT_LT(profile["cpu_share"].get<double>(), 1);

  // The raw traces and the merged one lie beside the report.
  const fs::path dir = profile["directory"].get<std::string>();
  EXPECT_EQ(dir, fs::absolute(at("npu.profile") / "1"));
  ASSERT_GE(profile["traces"].size(), 4u);  // embeddings, ctx, iter, lm_head
  for (const auto& trace : profile["traces"]) EXPECT_TRUE(fs::is_regular_file(dir / trace.get<std::string>()));
  EXPECT_FALSE(fs::exists(dir / ".bundle"));  // the profiling bundle is gone
  const auto merged = test::read_json(dir / profile["merged_trace"].get<std::string>());
  std::set<std::string> tracks, steps;
  for (const auto& e : merged["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") tracks.insert(e["args"]["name"]);
    if (e["ph"] == "X" && e["tid"] == 0) steps.insert(e["name"]);
  }
  EXPECT_TRUE(tracks.count("phase") && tracks.count("ctx") && tracks.count("iter")) << merged.dump().substr(0, 400);
  EXPECT_EQ(steps, (std::set<std::string>{"prefill", "decode 1", "decode 2", "decode 3"}));

  EXPECT_THAT(result.out, HasSubstr("after the timed runs"));
  EXPECT_THAT(result.out, HasSubstr("EP WinmlTestEP"));
  EXPECT_THAT(result.out, HasSubstr("CPU share"));

  // A second run to the same report needs --overwrite, then replaces the profiles.
  auto again = profile_winml("perf -m " + at("npu-bundle").string() +
                             " --ep winml_test --iterations 1 --warmup 0 -n 2 --profile -o " + report.string());
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_THAT(again.err, HasSubstr("--overwrite"));
}

TEST_F(ProfileCli, AllOnTheCpuHasNoCpuShareHeadline) {
  const fs::path report = at("cpu.json");
  auto result = profile_winml("perf -m " + at("pipe").string() + " --iterations 1 --warmup 0 -n 3 --profile -q -o " +
                              report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = test::read_json(report);
  const auto& profile = test::first_result(json)["metrics"]["profile"];
  ASSERT_TRUE(profile.is_object());
  EXPECT_TRUE(profile["cpu_share"].is_null());
  for (const auto& phase : profile["phases"]) {
    ASSERT_EQ(phase["eps"].size(), 1u) << phase["eps"].dump();
    EXPECT_EQ(phase["eps"][0]["name"], "CPUExecutionProvider");
    EXPECT_TRUE(phase["cpu_share"].is_null());
    EXPECT_LE(phase["top"].size(), 10u);  // the default --profile-top
  }
}

TEST_F(ProfileCli, WithoutProfileTheReportSaysNull) {
  const fs::path report = at("plain.json");
  auto result =
      profile_winml("perf -m " + at("pipe").string() + " --iterations 1 --warmup 0 -n 2 -q -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(test::first_result(test::read_json(report))["metrics"]["profile"].is_null());
  EXPECT_FALSE(fs::exists(at("plain.profile")));
}

TEST_F(ProfileCli, SingleModelIsProfiledPerRun) {
  const fs::path report = at("lm_head.json");
  auto result =
      profile_winml("perf --runtime winml -m " + (at("pipe") / "lm_head.onnx").string() +
                    " --ep winml_test --iterations 3 --warmup 1 --profile --profile-top 2 -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = test::read_json(report);
  const auto& profile = test::first_result(json)["metrics"]["profile"];
  ASSERT_TRUE(profile.is_object());
  EXPECT_EQ(profile["method"], "run");
  ASSERT_EQ(profile["phases"].size(), 3u);
  ASSERT_EQ(profile["traces"].size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& phase = profile["phases"][i];
    EXPECT_EQ(phase["phase"], "run " + std::to_string(i + 1));
    EXPECT_EQ(phase["runs"], 1);
    EXPECT_NEAR(sum_ms(phase["eps"]), phase["node_ms"].get<double>(), 1e-3);
    EXPECT_NE(share_named(phase["eps"], "WinmlTestEP"), nullptr) << phase["eps"].dump();
    EXPECT_LE(phase["top"].size(), 2u);
    EXPECT_TRUE(phase["cpu_share"].is_number());
  }
  EXPECT_TRUE(fs::is_regular_file(fs::path(profile["directory"].get<std::string>()) / "merged.trace.json"));
  EXPECT_THAT(result.out, HasSubstr("EP WinmlTestEP"));
}

}  // namespace
}  // namespace winml
