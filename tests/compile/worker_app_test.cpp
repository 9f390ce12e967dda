// The real winml-compile-worker with the real engine: its argument and failure paths, and the
// rename protocol (a successful EPContext compile needs an EP this machine does not have).

#include <cstdlib>

#include <gtest/gtest.h>

#include "compile/artifact_builder.h"
#include "compile/artifact_files.h"
#include "compile/compile_test_support.h"
#include "compile/onnx_scan.h"
#include "compile/worker_path.h"
#include "compile/worker_protocol.h"
#include "platform/subprocess.h"

namespace winml::compile {
namespace {

platform::ProcessResult run_worker(const std::vector<std::string>& args,
                                   std::vector<std::pair<std::string, std::string>> env = {}) {
  platform::ProcessOptions options;
  options.argv = {test::real_worker()};
  options.argv.insert(options.argv.end(), args.begin(), args.end());
  options.env = std::move(env);
  options.timeout = std::chrono::seconds(60);
  return platform::run_process(options);
}

int code(WorkerExit e) { return static_cast<int>(e); }

TEST(WorkerApp, BadArgumentsExitWithTheUsageCode) {
  auto r = run_worker({});
  EXPECT_EQ(r.exit_code, code(WorkerExit::usage)) << r.output;
  EXPECT_NE(r.output.find("Usage: winml-compile-worker"), std::string::npos) << r.output;
}

TEST(WorkerApp, MissingInputOrOutputFolderIsAUsageError) {
  test::CompileFixture fx;
  auto missing_input = run_worker(
      worker_arguments({fx.bundle() / "missing.onnx", fx.out() / "x.onnx", "QNNExecutionProvider", {}, false}));
  EXPECT_EQ(missing_input.exit_code, code(WorkerExit::usage)) << missing_input.output;
  EXPECT_NE(missing_input.output.find("missing.onnx does not exist"), std::string::npos);
  auto missing_folder = run_worker(worker_arguments(
      {fx.bundle() / "ctx.onnx", fx.root() / "nowhere" / "x.onnx", "QNNExecutionProvider", {}, false}));
  EXPECT_EQ(missing_folder.exit_code, code(WorkerExit::usage)) << missing_folder.output;
}

TEST(WorkerApp, MissingEngineExitsWithItsCodeAndLeavesNothing) {
  test::CompileFixture fx;
  std::filesystem::create_directories(fx.out());
  auto r = run_worker(worker_arguments({fx.bundle() / "ctx.onnx",
                                        fx.out() / "x.onnx",
                                        "QNNExecutionProvider",
                                        {{"backend_path", "libQnnHtp.so"}},
                                        false}),
                      {{"WINML_ENGINE_PATH", (fx.root() / "no-engine" / "libwinml_engine.so").string()}});
  EXPECT_EQ(r.exit_code, code(WorkerExit::engine_unavailable)) << r.output;
  EXPECT_TRUE(std::filesystem::is_empty(fx.out())) << "no partial folder or model is left";
}

// Through ONNX Runtime: the CPU EP compiles nothing, but ORT still writes a model, which the
// worker renames into place and which our wire-format reader must accept as a real ONNX file.
TEST(WorkerApp, RealCompileWritesThroughTheRenameProtocol) {
  test::CompileFixture fx;
  std::filesystem::create_directories(fx.out());
  auto r =
      run_worker(worker_arguments({fx.bundle() / "ctx.onnx", fx.out() / "x.onnx", "CPUExecutionProvider", {}, false}));
  ASSERT_EQ(r.exit_code, code(WorkerExit::ok)) << r.output;
  EXPECT_EQ(entries_model_last(fx.out(), "x.onnx"), std::vector<std::string>{"x.onnx"});
  for (const auto& e : std::filesystem::directory_iterator(fx.out())) {
    EXPECT_FALSE(e.path().filename().string().starts_with(".partial")) << e.path();
  }
  OnnxScan scan = scan_onnx(fx.out() / "x.onnx");
  EXPECT_TRUE(scan.valid) << scan.problem;
  EXPECT_TRUE(scan.ep_contexts.empty());
  EXPECT_EQ(inspect_staged(fx.out() / "x.onnx").problem,
            "the compiled model has no EPContext node: the EP compiled no part of it");
}

TEST(WorkerApp, AnEpThisOnnxRuntimeLacksFallsBackWithItsMessage) {
  test::CompileFixture fx;
  std::filesystem::create_directories(fx.out());
  ArtifactTask task;
  task.stage = "ctx";
  task.source = fx.bundle() / "ctx.onnx";
  task.artifact = fx.out() / "ctx_qnn_ctx.onnx";
  task.config = compile_config_for("qnn", "npu", {{"backend_path", "libQnnHtp.so"}});
  task.timeout_s = 60;
  task.worker = {test::real_worker()};
  ArtifactOutcome o = build_artifact(task);
  EXPECT_EQ(o.action, StageAction::fell_back);
  EXPECT_NE(o.detail.find("compile failed"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("QNN"), std::string::npos) << o.detail;
  EXPECT_TRUE(std::filesystem::is_empty(fx.out()));
}

TEST(WorkerApp, DefaultWorkerIsBesideTheExecutableUnlessOverridden) {
  auto found = default_worker_command();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(std::filesystem::equivalent(found[0], test::real_worker())) << found[0];
  ::setenv("WINML_COMPILE_WORKER", "/opt/other/worker", 1);
  EXPECT_EQ(default_worker_command(), std::vector<std::string>{"/opt/other/worker"});
  ::unsetenv("WINML_COMPILE_WORKER");
}

}  // namespace
}  // namespace winml::compile
