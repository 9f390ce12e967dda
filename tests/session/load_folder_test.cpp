// Preparing the folder GenAI loads, with the fake compiler standing in for the compile worker:
// where each kind of run writes, what the derived config names, and that the bundle stays as it was.

#include "session/load_folder.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bad_input/tree_snapshot.h"
#include "bundle/stage_list.h"
#include "compile/compile_test_support.h"
#include "test_support/cache_dir_scope.h"
#include "test_support/json_file.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// The compile fixture's embed/ctx/iter models as a pipeline with ctx and iter on QNN.
constexpr const char* kConfig = R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {
  "session_options": {"provider_options": []},
  "pipeline": [
    {"embed": {"filename": "embed.onnx", "session_options": {"provider_options": []}}},
    {"ctx": {"filename": "ctx.onnx", "run_on_token_gen": false,
             "session_options": {"provider_options": [{"qnn": {"backend_path": "libQnnHtp.so"}}]}}},
    {"iter": {"filename": "iter.onnx", "run_on_prompt": false,
              "session_options": {"provider_options": [{"qnn": {"backend_path": "libQnnHtp.so"}}]}}}]}}})";

class LoadFolderTest : public ::testing::Test {
 protected:
  LoadFolderTest() : cache_scope_(cache()) {
    std::ofstream(fx_.bundle() / "genai_config.json") << kConfig;
    config_ = bundle::load_genai_config(fx_.bundle());
    before_ = test::snapshot_tree(fx_.bundle());
  }
  fs::path cache() const { return fx_.root() / "cache"; }
  LoadRequest request(const std::string& ep, bool compile) const {
    LoadRequest request;
    request.ep = EpChoice::parse(ep);
    request.compile = compile;
    request.compile_timeout_s = 20;
    request.compiler_id = "fake-1";
    request.worker = fx_.worker();
    return request;
  }
  // What changed in the bundle folder since the fixture was made.
  std::vector<std::string> bundle_changes() const {
    return test::tree_changes(before_, test::snapshot_tree(fx_.bundle()), {});
  }
  static std::vector<std::string> actions(const LoadFolder& folder) {
    std::vector<std::string> out;
    for (const auto& stage : folder.stages) out.push_back(stage.stage + ":" + stage.ep + ":" + stage.action);
    return out;
  }
  static std::vector<std::string> files(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& stage : bundle::list_stages(bundle::load_genai_config(dir).json)) {
      out.push_back(stage.name + "=" + stage.filename);
    }
    return out;
  }

  test::CompileFixture fx_;
  test::CacheDirScope cache_scope_;
  bundle::GenaiConfig config_;
  test::TreeSnapshot before_;
};

TEST_F(LoadFolderTest, NoOverrideLoadsTheBundleAndWritesNothing) {
  LoadFolder folder = prepare_load_folder(config_, request("", false));
  EXPECT_EQ(folder.load_dir, fx_.bundle());
  EXPECT_EQ(folder.effective_ep, "config");
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:qnn:jit", "iter:qnn:jit"));
  EXPECT_THAT(bundle_changes(), IsEmpty());
  EXPECT_FALSE(fs::exists(cache()));
  EXPECT_TRUE(fx_.records().empty());
}

TEST_F(LoadFolderTest, OverrideWithoutCompileGoesUnderTheCacheRoot) {
  LoadFolder folder = prepare_load_folder(config_, request("cpu", false));
  EXPECT_EQ(folder.load_dir.parent_path(), cache() / "bundles");
  EXPECT_EQ(folder.effective_ep, "cpu");
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:cpu:jit", "iter:cpu:jit"));
  EXPECT_THAT(files(folder.load_dir), ElementsAre("embed=embed.onnx", "ctx=ctx.onnx", "iter=iter.onnx"));
  EXPECT_THAT(bundle_changes(), IsEmpty()) << "no _compiled/, no lock";
  EXPECT_TRUE(fx_.records().empty()) << "nothing to compile on CPU";
}

// "stage=N" per stage of a LoadFolder's threads ("-" when unset).
std::vector<std::string> threads_of(const LoadFolder& folder) {
  std::vector<std::string> out;
  for (const auto& stage : folder.threads) {
    out.push_back(stage.stage + "=" + (stage.intra_op_threads ? std::to_string(*stage.intra_op_threads) : "-"));
  }
  return out;
}

TEST_F(LoadFolderTest, ThreadsAloneDeriveUnderTheCacheRoot) {
  LoadFolder unset = prepare_load_folder(config_, request("", false));
  EXPECT_THAT(threads_of(unset), ElementsAre("embed=-", "ctx=-", "iter=-"));
  LoadRequest threaded = request("", false);
  threaded.intra_op_threads = 2;
  LoadFolder folder = prepare_load_folder(config_, threaded);
  EXPECT_EQ(folder.load_dir.parent_path(), cache() / "bundles");
  EXPECT_EQ(folder.effective_ep, "config");  // the routing is the bundle's
  EXPECT_THAT(threads_of(folder), ElementsAre("embed=2", "ctx=2", "iter=2"));
  auto written = test::read_json(folder.load_dir / "genai_config.json");
  EXPECT_EQ(written["model"]["decoder"]["pipeline"][1]["ctx"]["session_options"]["provider_options"][0]["qnn"]
                   ["backend_path"],
            "libQnnHtp.so");
  EXPECT_THAT(bundle_changes(), IsEmpty());
}

TEST_F(LoadFolderTest, ThreadsAndAnEpOverrideShareOneDerivedConfig) {
  LoadRequest both = request("cpu", false);
  both.intra_op_threads = 3;
  LoadFolder folder = prepare_load_folder(config_, both);
  EXPECT_EQ(folder.effective_ep, "cpu");
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:cpu:jit", "iter:cpu:jit"));
  EXPECT_THAT(threads_of(folder), ElementsAre("embed=3", "ctx=3", "iter=3"));
  auto stages = bundle::list_stages(bundle::load_genai_config(folder.load_dir).json);
  for (const auto& stage : stages) EXPECT_EQ(stage.ep, "cpu") << stage.name;
  EXPECT_THAT(bundle_changes(), IsEmpty());
}

TEST_F(LoadFolderTest, ThreadsBelowOneAreRefusedBeforeAnythingIsWritten) {
  LoadRequest zero = request("", false);
  zero.intra_op_threads = 0;
  EXPECT_THROW(prepare_load_folder(config_, zero), UsageError);
  EXPECT_FALSE(fs::exists(cache()));
}

TEST_F(LoadFolderTest, CompileWritesCompiledStagesIntoCompiledFolderAndPointsTheConfigAtThem) {
  LoadFolder folder = prepare_load_folder(config_, request("", true));
  EXPECT_EQ(folder.load_dir, fs::canonical(fx_.bundle()) / "_compiled");
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:qnn:compiled", "iter:qnn:compiled"));
  EXPECT_THAT(files(folder.load_dir),
              ElementsAre("embed=embed.onnx", "ctx=ctx_qnn_ctx.onnx", "iter=iter_qnn_ctx.onnx"));
  EXPECT_EQ(fx_.records().size(), 2u);
  EXPECT_EQ(test::read_json(fx_.bundle() / "genai_config.json"), nlohmann::json::parse(kConfig));
  // A second run trusts the finished folder.
  fx_.clear_records();
  folder = prepare_load_folder(config_, request("", true));
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:qnn:reused", "iter:qnn:reused"));
  EXPECT_TRUE(fx_.records().empty());
}

TEST_F(LoadFolderTest, CompileJobsReachTheCompilerAndItsTimingComesBack) {
  LoadRequest two = request("", true);
  two.compile_jobs = 2;
  LoadFolder folder = prepare_load_folder(config_, two);
  EXPECT_THAT(actions(folder), ElementsAre("embed:cpu:jit", "ctx:qnn:compiled", "iter:qnn:compiled"));
  ASSERT_TRUE(folder.compile.has_value());
  EXPECT_EQ(folder.compile->jobs, 2u);
  EXPECT_EQ(folder.compile->source, "requested");
  EXPECT_GT(folder.compile->wall_s, 0.0);
  double summed = 0;
  for (const auto& stage : folder.stages) summed += stage.seconds;
  EXPECT_DOUBLE_EQ(folder.compile->stages_s, summed);
  EXPECT_DOUBLE_EQ(folder.compile->saved_s, std::max(0.0, summed - folder.compile->wall_s));
  // A folder already prepared compiles nothing: no timing to report.
  EXPECT_FALSE(prepare_load_folder(config_, two).compile.has_value());
  // Nor does a run without compiling.
  EXPECT_FALSE(prepare_load_folder(config_, request("cpu", false)).compile.has_value());
}

TEST_F(LoadFolderTest, CompileOnCpuWarnsAndCompilesNothing) {
  LoadFolder folder = prepare_load_folder(config_, request("cpu", true));
  EXPECT_THAT(folder.warnings, testing::Contains(HasSubstr("--compile")));
  EXPECT_EQ(folder.load_dir.parent_path(), cache() / "bundles");
  EXPECT_THAT(bundle_changes(), IsEmpty());
  EXPECT_TRUE(fx_.records().empty());
}

TEST_F(LoadFolderTest, OutputIntoTheBundleItselfIsRefusedBeforeAnythingIsWritten) {
  LoadTarget target;
  target.out_dir = fx_.bundle();
  EXPECT_THROW(prepare_load_folder(config_, request("cpu", false), target), UsageError);
  EXPECT_THAT(bundle_changes(), IsEmpty());
}

}  // namespace
}  // namespace winml::session
