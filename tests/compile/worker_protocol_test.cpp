#include "compile/worker_protocol.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::compile {
namespace {

TEST(WorkerProtocol, ArgumentsRoundTrip) {
  WorkerRequest request{"/b/-odd name.onnx",
                        "/b/_compiled/.s/ctx_qnn_ctx.onnx",
                        "QNNExecutionProvider",
                        {{"backend_path", "C:/x=y.dll"}, {"htp_performance_mode", "-burst"}},
                        true,
                        "npu",
                        {"acme=/opt/-x/libacme.so", "other=/a=b/libother.so"}};
  WorkerRequest parsed = parse_worker_arguments(worker_arguments(request));
  EXPECT_EQ(parsed.input, request.input);
  EXPECT_EQ(parsed.output, request.output);
  EXPECT_EQ(parsed.ep, request.ep);
  EXPECT_EQ(parsed.options, request.options);
  EXPECT_TRUE(parsed.embed);
  EXPECT_EQ(parsed.device, "npu");
  EXPECT_EQ(parsed.ep_libraries, request.ep_libraries);
  request.embed = false;
  request.options.clear();
  request.device.clear();
  request.ep_libraries.clear();
  parsed = parse_worker_arguments(worker_arguments(request));
  EXPECT_FALSE(parsed.embed);
  EXPECT_TRUE(parsed.options.empty());
  EXPECT_TRUE(parsed.device.empty());
  EXPECT_TRUE(parsed.ep_libraries.empty());
}

TEST(WorkerProtocol, BadArgumentsAreUsageErrors) {
  EXPECT_THROW(parse_worker_arguments({}), UsageError);
  EXPECT_THROW(parse_worker_arguments({"--input=a.onnx", "--output=b.onnx"}), UsageError);
  EXPECT_THROW(parse_worker_arguments({"--input=a", "--output=b", "--ep=E", "--option=novalue"}), UsageError);
  EXPECT_THROW(parse_worker_arguments({"--input=a", "--output=b", "--ep=E", "--option==v"}), UsageError);
  EXPECT_THROW(parse_worker_arguments({"--input=a", "--output=b", "--ep=E", "--bogus"}), UsageError);
  try {
    parse_worker_arguments({"--input=a"});
    ADD_FAILURE() << "no error for missing arguments";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("Usage: winml-compile-worker"), std::string::npos) << e.what();
  }
}

TEST(WorkerProtocol, ExitCodesHaveNames) {
  EXPECT_EQ(describe_worker_exit(static_cast<int>(WorkerExit::compile_failed)), "compile failed");
  EXPECT_EQ(describe_worker_exit(static_cast<int>(WorkerExit::engine_unavailable)), "engine unavailable");
  EXPECT_EQ(describe_worker_exit(static_cast<int>(WorkerExit::usage)), "usage error");
  EXPECT_EQ(describe_worker_exit(42), "exit code 42");
}

}  // namespace
}  // namespace winml::compile
