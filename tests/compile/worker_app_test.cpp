// The real winml-compile-worker: its argument and failure paths (compiling needs an EP that
// produces EPContext models, which this machine does not have).

#include <gtest/gtest.h>

#include "compile/compile_test_support.h"
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
  auto missing_input = run_worker(worker_arguments(
      {fx.bundle() / "missing.onnx", fx.out() / "x.onnx", "QNNExecutionProvider", {}, false}));
  EXPECT_EQ(missing_input.exit_code, code(WorkerExit::usage)) << missing_input.output;
  EXPECT_NE(missing_input.output.find("missing.onnx does not exist"), std::string::npos);
  auto missing_folder = run_worker(worker_arguments(
      {fx.bundle() / "ctx.onnx", fx.root() / "nowhere" / "x.onnx", "QNNExecutionProvider", {}, false}));
  EXPECT_EQ(missing_folder.exit_code, code(WorkerExit::usage)) << missing_folder.output;
}

TEST(WorkerApp, MissingEngineExitsWithItsCodeAndLeavesNothing) {
  test::CompileFixture fx;
  std::filesystem::create_directories(fx.out());
  auto r = run_worker(worker_arguments({fx.bundle() / "ctx.onnx", fx.out() / "x.onnx", "QNNExecutionProvider",
                                        {{"backend_path", "libQnnHtp.so"}}, false}),
                      {{"WINML_ENGINE_PATH", (fx.root() / "no-engine" / "libwinml_engine.so").string()}});
  EXPECT_EQ(r.exit_code, code(WorkerExit::engine_unavailable)) << r.output;
  EXPECT_TRUE(std::filesystem::is_empty(fx.out())) << "no partial folder or model is left";
}

}  // namespace
}  // namespace winml::compile
