// The child-process paths of one compile, with the fake compiler misbehaving in each way.

#include "compile/artifact_builder.h"

#include <chrono>

#include <gtest/gtest.h>

#include "compile/cache_marker.h"
#include "compile/compile_test_support.h"
#include "compile/onnx_scan.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

class ArtifactBuilderTest : public ::testing::Test {
 protected:
  ArtifactTask task(const std::vector<std::string>& fake_options, double timeout_s = 20) {
    fs::create_directories(fx.out());
    ArtifactTask t;
    t.stage = "ctx";
    t.source = fx.bundle() / "ctx.onnx";
    t.artifact = fx.out() / "ctx_qnn_ctx.onnx";
    t.config = compile_config_for("qnn", "npu", {{"backend_path", "libQnnHtp.so"}});
    t.timeout_s = timeout_s;
    t.worker = fx.worker(fake_options);
    t.warn = [this](const std::string& m) { warnings.push_back(m); };
    return t;
  }

  // Only the artifact's files (and its marker) may be left: no staging folder, no partial file.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(fx.out())) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  test::CompileFixture fx;
  std::vector<std::string> warnings;
};

TEST_F(ArtifactBuilderTest, SuccessCompilesAndWritesTheMarker) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=succeed"}));
  EXPECT_EQ(o.action, StageAction::compiled) << o.detail;
  EXPECT_TRUE(o.detail.empty());
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(entries(), (std::vector<std::string>{"ctx_qnn_ctx.bin", "ctx_qnn_ctx.onnx", "ctx_qnn_ctx.onnx.meta.json"}));
  auto marker = read_marker(fx.out() / "ctx_qnn_ctx.onnx");
  ASSERT_TRUE(marker.has_value());
  EXPECT_TRUE(marker->complete);
  ASSERT_EQ(marker->files.size(), 2u);
  EXPECT_EQ(marker->files.back().name, "ctx_qnn_ctx.onnx") << "the model is moved last";
  auto records = fx.records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["ep"], "QNNExecutionProvider");
  EXPECT_EQ(records[0]["options"]["backend_path"], "libQnnHtp.so");
  EXPECT_EQ(records[0]["embed"], false);
}

TEST_F(ArtifactBuilderTest, SecondRunReusesWithoutAChild) {
  ASSERT_EQ(build_artifact(task({})).action, StageAction::compiled);
  ArtifactOutcome o = build_artifact(task({}));
  EXPECT_EQ(o.action, StageAction::reused);
  EXPECT_EQ(fx.records().size(), 1u);
  auto forced = task({});
  forced.force = true;
  EXPECT_EQ(build_artifact(forced).action, StageAction::compiled);
  EXPECT_EQ(fx.records().size(), 2u);
}

TEST_F(ArtifactBuilderTest, EmbedModeWritesOneFile) {
  auto t = task({});
  t.embed = true;
  EXPECT_EQ(build_artifact(t).action, StageAction::compiled);
  EXPECT_EQ(entries(), (std::vector<std::string>{"ctx_qnn_ctx.onnx", "ctx_qnn_ctx.onnx.meta.json"}));
  EXPECT_EQ(fx.records().at(0)["embed"], true);
}

TEST_F(ArtifactBuilderTest, HangIsKilledAtTheTimeoutAndFallsBack) {
  auto start = std::chrono::steady_clock::now();
  ArtifactOutcome o = build_artifact(task({"--fake-mode=hang"}, 0.4));
  auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_LT(took, 5.0);
  EXPECT_NE(o.detail.find("longer than the 0.4 s limit"), std::string::npos) << o.detail;
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("runs just-in-time from its original ONNX"), std::string::npos) << warnings[0];
  EXPECT_TRUE(entries().empty());
  // The fake's helper process (same process group) died with it.
  pid_t helper = fx.records().at(0)["helper_pid"].get<int>();
  ASSERT_GT(helper, 0);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::ifstream stat("/proc/" + std::to_string(helper) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    gone = text.empty() || text.find(") Z") != std::string::npos;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(gone) << "helper " << helper << " of the hung compiler survived";
}

TEST_F(ArtifactBuilderTest, CrashBeforeWritingFallsBack) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=crash-before-writing"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("signal 11"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("before writing a valid model"), std::string::npos) << o.detail;
  EXPECT_TRUE(entries().empty());
}

TEST_F(ArtifactBuilderTest, CrashWhileWritingDiscardsThePartialModel) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=crash-while-writing"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("partial output was discarded"), std::string::npos) << o.detail;
  EXPECT_TRUE(entries().empty());
}

TEST_F(ArtifactBuilderTest, CrashAfterWritingAValidArtifactKeepsIt) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=crash-after-writing"}));
  EXPECT_EQ(o.action, StageAction::compiled);
  EXPECT_NE(o.detail.find("after writing a valid model, which is kept"), std::string::npos) << o.detail;
  EXPECT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(scan_onnx(fx.out() / "ctx_qnn_ctx.onnx").valid);
  EXPECT_EQ(build_artifact(task({})).action, StageAction::reused) << "a kept artifact is a normal cache entry";
}

TEST_F(ArtifactBuilderTest, GarbageIsDiscarded) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=garbage"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("reported success but the compiler wrote an invalid model"), std::string::npos) << o.detail;
  EXPECT_TRUE(entries().empty());
}

TEST_F(ArtifactBuilderTest, TruncatedOutputIsDiscarded) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=truncated"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("invalid model"), std::string::npos) << o.detail;
  EXPECT_TRUE(entries().empty());
}

TEST_F(ArtifactBuilderTest, MissingContextFileIsDiscarded) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=missing-context"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("context file 'absent.bin' was not written"), std::string::npos) << o.detail;
  EXPECT_TRUE(entries().empty());
}

TEST_F(ArtifactBuilderTest, ModelWithoutEpContextIsDiscarded) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=no-epcontext"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("no EPContext node"), std::string::npos) << o.detail;
}

TEST_F(ArtifactBuilderTest, CompileFailureReportsTheWorkersMessage) {
  ArtifactOutcome o = build_artifact(task({"--fake-mode=fail"}));
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("compile failed"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("the fake EP rejected node 'Add'"), std::string::npos) << o.detail;
}

TEST_F(ArtifactBuilderTest, MissingWorkerFallsBackWithTheFix) {
  auto t = task({});
  t.worker = {(fx.root() / "no-such-worker").string()};
  ArtifactOutcome o = build_artifact(t);
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("WINML_COMPILE_WORKER"), std::string::npos) << o.detail;
}

TEST_F(ArtifactBuilderTest, FailedRecompileLeavesTheOldArtifactUntrusted) {
  ASSERT_EQ(build_artifact(task({})).action, StageAction::compiled);
  auto changed = task({"--fake-mode=fail"});
  changed.config.options["htp_performance_mode"] = "burst";
  EXPECT_EQ(build_artifact(changed).action, StageAction::fell_back);
  // The old artifact is still there but belongs to the old options: it is reused only for them.
  EXPECT_TRUE(fs::exists(fx.out() / "ctx_qnn_ctx.onnx"));
  EXPECT_EQ(build_artifact(task({})).action, StageAction::reused);
  changed.worker = fx.worker({});
  EXPECT_EQ(build_artifact(changed).action, StageAction::compiled);
  EXPECT_NE(test::read_bytes(fx.out() / "ctx_qnn_ctx.bin").find("htp_performance_mode=burst"), std::string::npos);
}

// The runtime's verdict, scripted: one answer per call (the last one repeats), each call recorded.
struct ScriptedVerdicts {
  std::vector<Compatibility> answers;
  std::vector<std::string> infos;
  CompatibilityCheck check() {
    return [this](const std::string& info, const CompileConfig&) {
      infos.push_back(info);
      return answers.at(std::min(infos.size(), answers.size()) - 1);
    };
  }
};

TEST_F(ArtifactBuilderTest, OptimalCachedArtifactIsReusedWithItsVerdict) {
  ASSERT_EQ(build_artifact(task({})).action, StageAction::compiled);
  ScriptedVerdicts runtime{{Compatibility::optimal}, {}};
  auto t = task({});
  t.check = runtime.check();
  ArtifactOutcome o = build_artifact(t);
  EXPECT_EQ(o.action, StageAction::reused);
  EXPECT_EQ(o.compatibility, Compatibility::optimal);
  // The info is what the compiler wrote into the model's metadata.
  EXPECT_EQ(runtime.infos, std::vector<std::string>{"fake-compiler npu"});
  EXPECT_EQ(fx.records().size(), 1u);
}

TEST_F(ArtifactBuilderTest, UnsupportedOrStaleCachedArtifactIsCompiledAgain) {
  ASSERT_EQ(build_artifact(task({})).action, StageAction::compiled);
  for (Compatibility cached : {Compatibility::unsupported, Compatibility::prefer_recompile}) {
    const std::size_t before = fx.records().size();
    ScriptedVerdicts runtime{{cached, Compatibility::optimal}, {}};
    auto t = task({});
    t.check = runtime.check();
    ArtifactOutcome o = build_artifact(t);
    EXPECT_EQ(o.action, StageAction::compiled) << to_string(cached);
    EXPECT_EQ(o.compatibility, Compatibility::optimal);
    EXPECT_NE(o.detail.find(std::string(cached == Compatibility::unsupported ? "unsupported" : "prefers")),
              std::string::npos)
        << o.detail;
    EXPECT_NE(o.detail.find("recompiled"), std::string::npos) << o.detail;
    EXPECT_EQ(fx.records().size(), before + 1);
    EXPECT_EQ(runtime.infos.size(), 2u) << "the cached and the fresh model are both checked";
  }
}

TEST_F(ArtifactBuilderTest, FreshModelTheRuntimeCannotRunFallsBack) {
  ScriptedVerdicts runtime{{Compatibility::unsupported}, {}};
  auto t = task({});
  t.check = runtime.check();
  ArtifactOutcome o = build_artifact(t);
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_EQ(o.compatibility, Compatibility::unsupported);
  EXPECT_NE(o.detail.find("cannot run on qnn npu"), std::string::npos) << o.detail;
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("just-in-time"), std::string::npos) << warnings[0];
  EXPECT_TRUE(entries().empty()) << "nothing of the refused compile is kept";
}

TEST_F(ArtifactBuilderTest, FreshModelStillStaleIsKeptWithAWarning) {
  ScriptedVerdicts runtime{{Compatibility::prefer_recompile}, {}};
  auto t = task({});
  t.check = runtime.check();
  ArtifactOutcome o = build_artifact(t);
  EXPECT_EQ(o.action, StageAction::compiled);
  EXPECT_EQ(o.compatibility, Compatibility::prefer_recompile);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("still prefers a recompile"), std::string::npos) << warnings[0];
}

TEST_F(ArtifactBuilderTest, CheckThatCannotAnswerNeverBlocksReuse) {
  ASSERT_EQ(build_artifact(task({})).action, StageAction::compiled);
  auto t = task({});
  t.check = [](const std::string&, const CompileConfig&) -> Compatibility {
    throw SessionError("no npu device to check against");
  };
  ArtifactOutcome o = build_artifact(t);
  EXPECT_EQ(o.action, StageAction::reused);
  EXPECT_EQ(o.compatibility, Compatibility::not_checked);
  EXPECT_NE(o.detail.find("no npu device to check against"), std::string::npos) << o.detail;
}

}  // namespace
}  // namespace winml::compile
