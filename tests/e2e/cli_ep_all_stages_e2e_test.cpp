// --ep-all-stages through the real ONNX Runtime and GenAI: a CPU bundle (every synthesised bundle)
// put on an accelerator, the test plugin EP (tests/test_ep) registered as "winml_test". Without the
// flag the original tool's rule holds: CPU stages are never re-routed, and the warning names the flag.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kAllStagesEp = "WinmlTestEP";

class EpAllStagesCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    // The README's demo bundle (plain decoder) and a decoder pipeline, both all on the CPU.
    for (const auto& [name, flags] : {std::pair{"demo", ""}, std::pair{"pipe", " --pipeline"}}) {
      auto result = test::run_winml(std::string("bundle synth -q -o ") + path(name).string() + flags);
      ASSERT_EQ(result.exit_code, 0) << result.err;
    }
  }
  static void TearDownTestSuite() { delete root_; }

  static fs::path path(const std::string& name) { return root_->path() / name; }

  // winml with the test EP registered under "winml_test".
  static test::CommandResult winml(const std::string& args) {
    return test::run_command("WINML_CACHE_DIR=" + path("cache").string() + " " + test::winml_binary() + " " + args +
                             " --ep-library winml_test=" + WINML_TEST_EP_LIB);
  }

  // The configured EP of each stage in a perf report.
  static std::map<std::string, std::string> configured_eps(const fs::path& report) {
    std::map<std::string, std::string> eps;
    const nlohmann::json document = read_json(report);  // kept: the loop reads inside it
    for (const auto& stage : test::first_result(document).at("placement")) {
      eps[stage.at("stage")] = stage.at("configured_ep");
    }
    return eps;
  }

  static test::TempDir* root_;
};
test::TempDir* EpAllStagesCli::root_ = nullptr;

const std::string kAllStagesRun = " --iterations 1 --warmup 0 -n 4";

TEST_F(EpAllStagesCli, PerfPutsEveryStageOfACpuPipelineOnTheEp) {
  const fs::path report = path("all-stages.json");
  auto result = winml("perf -m " + path("pipe").string() + " --ep winml_test --ep-all-stages" + kAllStagesRun + " -o " +
                      report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, Not(HasSubstr("had no effect")));
  const auto eps = configured_eps(report);
  ASSERT_EQ(eps.size(), 4u);
  for (const auto& [stage, ep] : eps) EXPECT_EQ(ep, kAllStagesEp) << stage;
  EXPECT_THAT(result.out, ContainsRegex("embeddings +[0-9]+ of [0-9]+ nodes on WinmlTestEP"));
  EXPECT_THAT(result.out, ContainsRegex("lm_head +[0-9]+ of [0-9]+ nodes on WinmlTestEP"));
}

TEST_F(EpAllStagesCli, TheReadmeAcceleratorExampleRunsTheDemoBundleOnTheEp) {
  // README: winml perf -m /tmp/winml-demo --ep myep --ep-library myep=... --compile (+ --ep-all-stages).
  const fs::path report = path("demo.json");
  auto result = winml("perf -m " + path("demo").string() + " --ep winml_test --ep-all-stages --compile" +
                      kAllStagesRun + " -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto eps = configured_eps(report);
  ASSERT_EQ(eps.size(), 1u);
  EXPECT_EQ(eps.begin()->second, kAllStagesEp);
  EXPECT_THAT(result.out, ContainsRegex("decoder +[0-9]+ of [0-9]+ nodes on WinmlTestEP"));
  std::ofstream(path("demo-placement.txt")) << result.out;
}

TEST_F(EpAllStagesCli, WithoutTheFlagTheCpuBundleStaysOnTheCpuAndTheWarningNamesTheFlag) {
  const fs::path report = path("default.json");
  auto result =
      winml("perf -m " + path("pipe").string() + " --ep winml_test" + kAllStagesRun + " -o " + report.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("had no effect"));
  EXPECT_THAT(result.err, HasSubstr("pass --ep-all-stages to route every stage"));
  const auto eps = configured_eps(report);
  ASSERT_EQ(eps.size(), 4u);
  for (const auto& [stage, ep] : eps) EXPECT_EQ(ep, "CPUExecutionProvider") << stage;
}

TEST_F(EpAllStagesCli, ASweepWhoseRowsWouldBeIdenticalIsRefused) {
  auto result = winml("perf -m " + path("pipe").string() + " --ep cpu,winml_test" + kAllStagesRun);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("cpu and winmltestep would run this bundle the same way"));
  EXPECT_THAT(result.err, HasSubstr("Pass --ep-all-stages"));
}

TEST_F(EpAllStagesCli, SynthDeriveAndGenerateTakeTheFlag) {
  // synth --ep: the stages a hardware bundle puts on its accelerator; --ep-all-stages: every one.
  for (const auto& [flags, on_ep] :
       {std::pair{"", std::vector<std::string>{"ctx", "iter"}},
        std::pair{" --ep-all-stages", std::vector<std::string>{"embeddings", "ctx", "iter", "lm_head"}}}) {
    SCOPED_TRACE(flags);
    const fs::path out = path(std::string("synth-routed") + (*flags ? "-all" : ""));
    auto synth = winml("bundle synth --pipeline -q -o " + out.string() + " --ep winml_test" + flags);
    ASSERT_EQ(synth.exit_code, 0) << synth.err;
    const fs::path report = out.string() + ".json";
    auto perf = winml("perf -m " + out.string() + kAllStagesRun + " -o " + report.string());
    ASSERT_EQ(perf.exit_code, 0) << perf.err;
    const auto eps = configured_eps(report);
    ASSERT_EQ(eps.size(), 4u);
    for (const auto& [stage, ep] : eps) {
      const bool expected_on_ep = std::find(on_ep.begin(), on_ep.end(), stage) != on_ep.end();
      EXPECT_EQ(ep, expected_on_ep ? kAllStagesEp : "CPUExecutionProvider") << stage;
    }
  }

  const fs::path derived = path("derived-all");
  auto derive =
      winml("bundle derive -m " + path("pipe").string() + " --ep winml_test --ep-all-stages -o " + derived.string());
  ASSERT_EQ(derive.exit_code, 0) << derive.err;
  EXPECT_THAT(derive.out, HasSubstr("lm_head"));
  const auto config = read_json(derived / "genai_config.json");
  for (const auto& entry : config["model"]["decoder"]["pipeline"]) {
    for (const auto& [name, stage] : entry.items()) {
      const auto& options =
          stage.contains("session_options") ? stage["session_options"] : config["model"]["decoder"]["session_options"];
      EXPECT_TRUE(options["provider_options"][0].contains(kAllStagesEp)) << name;
    }
  }

  auto generate = winml("generate -m " + path("demo").string() + " -p hi -n 2 --ep winml_test --ep-all-stages");
  EXPECT_EQ(generate.exit_code, 0) << generate.err;
  EXPECT_THAT(generate.err, Not(HasSubstr("had no effect")));
  auto without_ep = winml("generate -m " + path("demo").string() + " -p hi -n 2 --ep-all-stages");
  EXPECT_EQ(without_ep.exit_code, 2);
  EXPECT_THAT(without_ep.err, HasSubstr("pass --ep EP"));
}

}  // namespace
}  // namespace winml
