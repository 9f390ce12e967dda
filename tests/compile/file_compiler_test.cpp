// Compiling a single ONNX file (not a bundle).

#include "compile/file_compiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "compile/cache_marker.h"
#include "compile/compile_test_support.h"
#include "compile/onnx_scan.h"
#include "test_support/cache_dir_scope.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

FileCompileJob file_job_for(const test::CompileFixture& fx, const std::vector<std::string>& fake = {}) {
  FileCompileJob job;
  job.source = fx.bundle() / "ctx.onnx";
  job.target = EpChoice::parse("qnn");
  job.provider_options = {{"backend_path", "libQnnHtp.so"}};
  job.timeout_s = 20;
  job.worker = fx.worker(fake);
  return job;
}

TEST(FileCompiler, DefaultOutputHasAFolderOfItsOwnBesideTheSource) {
  EXPECT_EQ(default_output_path("/m/model.onnx", ep::require_ep("QNNExecutionProvider")),
            fs::path("/m/model_compiled/model_qnn_ctx.onnx"));
  EXPECT_EQ(default_output_path("/m/model.onnx", ep::require_ep("OpenVINO")),
            fs::path("/m/model_compiled/model_openvino_ctx.onnx"));
}

TEST(FileCompiler, CompilesThenReuses) {
  test::CompileFixture fx;
  StageResult r = compile_file(file_job_for(fx));
  EXPECT_EQ(r.action, StageAction::compiled) << r.detail;
  EXPECT_EQ(r.artifact, fx.bundle() / "ctx_compiled" / "ctx_qnn_ctx.onnx");
  EXPECT_EQ(r.filename, "ctx_qnn_ctx.onnx");
  EXPECT_EQ(r.ep, "qnn");
  EXPECT_TRUE(scan_onnx(r.artifact).valid);
  EXPECT_TRUE(fs::exists(fx.bundle() / "ctx_compiled" / "ctx_qnn_ctx.bin"));
  EXPECT_EQ(compile_file(file_job_for(fx)).action, StageAction::reused);
  FileCompileJob forced = file_job_for(fx);
  forced.force = true;
  EXPECT_EQ(compile_file(forced).action, StageAction::compiled);
  EXPECT_EQ(fx.records().size(), 2u);
}

TEST(FileCompiler, DefaultOutputLeavesTheModelsFolderAsItWasButForItsOwnFolder) {
  test::CompileFixture fx;
  std::vector<fs::path> before;
  for (const auto& entry : fs::directory_iterator(fx.bundle())) before.push_back(entry.path().filename());
  ASSERT_EQ(compile_file(file_job_for(fx)).action, StageAction::compiled);
  std::vector<fs::path> after;
  for (const auto& entry : fs::directory_iterator(fx.bundle())) {
    if (entry.path().filename() != "ctx_compiled") after.push_back(entry.path().filename());
  }
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  EXPECT_EQ(after, before) << "the compile wrote beside the model, outside ctx_compiled/";
}

TEST(FileCompiler, ALinkedOutputFolderIsNotWrittenThroughTheCacheIsUsed) {
  test::CompileFixture fx;
  test::CacheDirScope cache(fx.root() / "cache");
  const fs::path elsewhere = fx.root() / "elsewhere";
  fs::create_directories(elsewhere);
  fs::create_directory_symlink(elsewhere, fx.bundle() / "ctx_compiled");
  StageResult r = compile_file(file_job_for(fx));
  ASSERT_EQ(r.action, StageAction::compiled) << r.detail;
  EXPECT_TRUE(fs::is_empty(elsewhere)) << "wrote through the linked ctx_compiled";
  EXPECT_EQ(r.artifact.parent_path().parent_path(), fx.root() / "cache" / "bundles") << r.artifact;
  EXPECT_EQ(r.artifact.parent_path().filename().string().rfind("ctx-", 0), 0U) << r.artifact;
}

TEST(FileCompiler, ExplicitOutputAndOptionChange) {
  test::CompileFixture fx;
  FileCompileJob job = file_job_for(fx);
  job.output = fx.root() / "out" / "compiled.onnx";
  EXPECT_EQ(compile_file(job).action, StageAction::compiled);
  EXPECT_TRUE(fs::exists(fx.root() / "out" / "compiled.bin"));
  job.provider_options["htp_performance_mode"] = "burst";
  EXPECT_EQ(compile_file(job).action, StageAction::compiled) << "its own stale output is replaced without --overwrite";
}

TEST(FileCompiler, NonEpContextEpWritesNothing) {
  test::CompileFixture fx;
  FileCompileJob job = file_job_for(fx);
  job.target = EpChoice::parse("cpu");
  StageResult r = compile_file(job);
  EXPECT_EQ(r.action, StageAction::jit);
  EXPECT_NE(r.detail.find("does not produce EPContext"), std::string::npos);
  EXPECT_TRUE(fx.records().empty());
  EXPECT_FALSE(fs::exists(fx.bundle() / "ctx_compiled")) << "a compile that writes nothing makes no folder";
}

TEST(FileCompiler, RefusesToReplaceAFileItDidNotWriteUnlessAskedTo) {
  test::CompileFixture fx;
  fs::create_directories(fx.bundle() / "ctx_compiled");
  test::write_bytes(fx.bundle() / "ctx_compiled" / "ctx_qnn_ctx.onnx", "precious");
  EXPECT_THROW(compile_file(file_job_for(fx)), UsageError);
  EXPECT_EQ(test::read_bytes(fx.bundle() / "ctx_compiled" / "ctx_qnn_ctx.onnx"), "precious");
  FileCompileJob job = file_job_for(fx);
  job.overwrite = true;
  EXPECT_EQ(compile_file(job).action, StageAction::compiled);
}

TEST(FileCompiler, FailureFallsBackAndKeepsNothing) {
  test::CompileFixture fx;
  FileCompileJob job = file_job_for(fx, {"--fake-mode=hang"});
  job.timeout_s = 0.3;
  std::vector<std::string> warnings;
  job.warn = [&](const std::string& m) { warnings.push_back(m); };
  StageResult r = compile_file(job);
  EXPECT_EQ(r.action, StageAction::fell_back);
  EXPECT_TRUE(r.artifact.empty());
  EXPECT_FALSE(fs::exists(fx.bundle() / "ctx_compiled" / "ctx_qnn_ctx.onnx"));
  EXPECT_EQ(warnings.size(), 1u);
}

TEST(FileCompiler, BadInputsAreUsageErrors) {
  test::CompileFixture fx;
  FileCompileJob job = file_job_for(fx);
  job.source = fx.bundle() / "missing.onnx";
  EXPECT_THROW(compile_file(job), UsageError);
  job = file_job_for(fx);
  job.output = job.source;
  EXPECT_THROW(compile_file(job), UsageError);
  job = file_job_for(fx);
  job.timeout_s = -1;
  EXPECT_THROW(compile_file(job), UsageError);
}

TEST(FileCompiler, NotOnnxIsUsageErrorForEveryEp) {
  test::CompileFixture fx;
  for (const char* ep : {"qnn", "cpu"}) {  // cpu compiles nothing, but must not call text "jit" either
    FileCompileJob job = file_job_for(fx);
    job.target = EpChoice::parse(ep);
    job.source = fx.root() / "notes.onnx";
    test::write_bytes(job.source, "these are notes, not a model\n");
    try {
      compile_file(job);
      ADD_FAILURE() << "accepted a text file for " << ep;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("is not a valid ONNX model"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("notes.onnx"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace winml::compile
