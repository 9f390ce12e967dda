// Compiling a bundle's stages: outcomes per stage and the cache's reuse and rebuild rules.

#include "compile/stage_compiler.h"

#include <chrono>

#include <gtest/gtest.h>

#include "compile/compile_test_support.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

PreparedStages run(const CompileJob& job) {
  CompiledFolderLock lock(job.out_dir);
  return compile_stages(job, lock);
}

void touch(const fs::path& file, std::chrono::seconds later = std::chrono::seconds(5)) {
  fs::last_write_time(file, fs::last_write_time(file) + later);
}

TEST(StageCompiler, CompilesEpContextStagesAndKeepsOthersJustInTime) {
  test::CompileFixture fx;
  std::vector<std::string> progress;
  CompileJob job = fx.job();
  job.progress = [&](const std::string& m) { progress.push_back(m); };
  PreparedStages p = run(job);
  ASSERT_EQ(p.stages.size(), 3u);
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "compiled", "compiled"}));
  const StageResult& embed = p.stages[0];
  EXPECT_EQ(embed.stage, "embed");
  EXPECT_EQ(embed.ep, "cpu");
  EXPECT_EQ(embed.filename, "embed.onnx");
  EXPECT_TRUE(embed.artifact.empty());
  EXPECT_NE(embed.detail.find("does not produce EPContext"), std::string::npos);
  const StageResult& ctx = p.stages[1];
  EXPECT_EQ(ctx.ep, "qnn");
  EXPECT_EQ(ctx.filename, "ctx_qnn_ctx.onnx");
  EXPECT_EQ(ctx.artifact, fx.out() / "ctx_qnn_ctx.onnx");
  EXPECT_GT(ctx.seconds, 0.0);
  EXPECT_EQ(fx.records().size(), 2u);
  EXPECT_EQ(progress.size(), 2u);
  EXPECT_NE(progress.at(0).find("compiling ctx for qnn on npu"), std::string::npos) << progress.at(0);
}

TEST(StageCompiler, SecondRunReusesEverything) {
  test::CompileFixture fx;
  run(fx.job());
  fx.clear_records();
  PreparedStages p = run(fx.job());
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "reused", "reused"}));
  EXPECT_TRUE(fx.records().empty()) << "no compiler ran";
  EXPECT_EQ(p.stages[2].filename, "iter_qnn_ctx.onnx");
}

TEST(StageCompiler, TouchingASourceRecompilesOnlyThatStage) {
  test::CompileFixture fx;
  run(fx.job());
  fx.clear_records();
  touch(fx.bundle() / "ctx.onnx");
  EXPECT_EQ(test::stage_actions(run(fx.job())), (std::vector<std::string>{"jit", "compiled", "reused"}));
  ASSERT_EQ(fx.records().size(), 1u);
  EXPECT_EQ(fx.records()[0]["output"], "ctx_qnn_ctx.onnx");
}

TEST(StageCompiler, ChangingExternalDataRecompiles) {
  test::CompileFixture fx;
  run(fx.job());
  test::write_bytes(fx.bundle() / "iter.onnx.data", std::string(16, '\x02'));
  touch(fx.bundle() / "iter.onnx.data");
  EXPECT_EQ(test::stage_actions(run(fx.job())), (std::vector<std::string>{"jit", "reused", "compiled"}));
}

TEST(StageCompiler, ASourceNewerThanTheArtifactIsNeverReused) {
  test::CompileFixture fx;
  // A source dated in the future stays newer than any artifact compiled from it: even though the
  // marker's key matches on the second run, the artifact is not trusted.
  touch(fx.bundle() / "ctx.onnx", std::chrono::seconds(3600));
  EXPECT_EQ(run(fx.job()).stages[1].action, StageAction::compiled);
  EXPECT_EQ(test::stage_actions(run(fx.job())), (std::vector<std::string>{"jit", "compiled", "reused"}));
}

TEST(StageCompiler, ChangingOptionsRecompiles) {
  test::CompileFixture fx;
  run(fx.job());
  CompileJob job = fx.job();
  job.stages[1].provider_options["htp_performance_mode"] = "burst";
  EXPECT_EQ(test::stage_actions(run(job)), (std::vector<std::string>{"jit", "compiled", "reused"}));
  EXPECT_NE(test::read_bytes(fx.out() / "ctx_qnn_ctx.bin").find("htp_performance_mode=burst"), std::string::npos);
  job.embed = true;
  EXPECT_EQ(test::stage_actions(run(job)), (std::vector<std::string>{"jit", "compiled", "compiled"}))
      << "embed is in the key";
  job.compiler_id = "onnxruntime 9.9";
  EXPECT_EQ(test::stage_actions(run(job)), (std::vector<std::string>{"jit", "compiled", "compiled"}))
      << "so is the compiler";
}

TEST(StageCompiler, SwitchingEpUsesItsOwnArtifactsAndSwitchingBackReuses) {
  test::CompileFixture fx;
  run(fx.job());
  CompileJob vino = fx.job();
  vino.stages[1] = fx.stage("ctx", "openvino", {}, "npu");
  vino.stages[2] = fx.stage("iter", "openvino", {}, "npu");
  PreparedStages p = run(vino);
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "compiled", "compiled"}));
  EXPECT_EQ(p.stages[1].filename, "ctx_openvino_ctx.onnx");
  EXPECT_EQ(fx.records().back()["options"]["device_type"], "NPU");
  fx.clear_records();
  EXPECT_EQ(test::stage_actions(run(fx.job())), (std::vector<std::string>{"jit", "reused", "reused"}));
  EXPECT_TRUE(fx.records().empty());
}

TEST(StageCompiler, FallbackOfOneStageDoesNotAffectTheOthers) {
  test::CompileFixture fx;
  CompileJob job = fx.job({"--fake-mode=ctx:hang"});
  // The timeout is every stage's: long enough that the healthy stage's compiler process finishes
  // on a loaded machine (0.3 s failed with a load average of 14), short enough to keep the test quick.
  job.timeout_s = 3;
  std::vector<std::string> warnings;
  job.warn = [&](const std::string& m) { warnings.push_back(m); };
  PreparedStages p = run(job);
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "fell_back", "compiled"}));
  EXPECT_EQ(p.stages[1].filename, "ctx.onnx") << "a fallback keeps the original file";
  EXPECT_TRUE(p.stages[1].artifact.empty());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("stage ctx"), std::string::npos);
}

TEST(StageCompiler, AStageThatIsAlreadyAnEpContextModelIsNotCompiledAgain) {
  test::CompileFixture fx;
  test::write_bytes(fx.bundle() / "ctx.onnx", test::epcontext_model_bytes("QNNExecutionProvider", true, "x"));
  PreparedStages p = run(fx.job());
  EXPECT_EQ(p.stages[1].action, StageAction::jit);
  EXPECT_NE(p.stages[1].detail.find("already an EPContext model"), std::string::npos);
}

TEST(StageCompiler, InvalidJobsAreUsageErrors) {
  test::CompileFixture fx;
  CompileJob job = fx.job();
  job.stages.push_back(fx.stage("ctx", "qnn"));
  EXPECT_THROW(run(job), UsageError);
  job = fx.job();
  job.stages[1].source = fx.bundle() / "missing.onnx";
  EXPECT_THROW(run(job), UsageError);
  job = fx.job();
  job.timeout_s = 0;
  EXPECT_THROW(run(job), UsageError);
  job = fx.job();
  CompiledFolderLock other(fx.root() / "elsewhere");
  EXPECT_THROW(compile_stages(job, other), Error);
}

TEST(StageCompiler, ArtifactNamesCannotEscapeOrCollide) {
  EXPECT_EQ(artifact_name("ctx", "qnn"), "ctx_qnn_ctx.onnx");
  EXPECT_EQ(artifact_name("model-1.v2", "openvino"), "model-1.v2_openvino_ctx.onnx");
  std::string evil = artifact_name("../../etc/passwd", "qnn");
  EXPECT_EQ(evil.find('/'), std::string::npos) << evil;
  EXPECT_NE(evil.front(), '.');
  EXPECT_NE(artifact_name("a/b", "qnn"), artifact_name("a_b", "qnn"));
  EXPECT_NE(artifact_name("a/b", "qnn"), artifact_name("a:b", "qnn"));
}

TEST(StageCompiler, FingerprintFollowsTheJob) {
  test::CompileFixture fx;
  CompileJob job = fx.job();
  const std::string base = compile_fingerprint(job);
  EXPECT_EQ(base, compile_fingerprint(fx.job()));
  EXPECT_NE(base, compile_fingerprint(job, "derived config v2"));
  job.stages[1].provider_options["x"] = "1";
  EXPECT_NE(base, compile_fingerprint(job));
  touch(fx.bundle() / "iter.onnx");
  const std::string touched = compile_fingerprint(fx.job());
  EXPECT_NE(base, touched);
  touch(fx.bundle() / "embed.onnx");
  EXPECT_EQ(touched, compile_fingerprint(fx.job())) << "JIT sources are linked, not compiled";
}

}  // namespace
}  // namespace winml::compile
