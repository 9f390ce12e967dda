// Reading ONNX Runtime's Chrome-trace profiles: runs, their nodes, and refusals of what is not one.
#include "profile/trace_file.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::profile {
namespace {

// Two runs as ORT writes them: fences and initialisation around the kernel events.
constexpr const char* kTwoRuns = R"([
  {"cat":"Session","pid":1,"tid":1,"dur":500,"ts":10,"ph":"X","name":"session_initialization","args":{}},
  {"cat":"Session","pid":1,"tid":1,"dur":100,"ts":1000,"ph":"X","name":"model_run","args":{}},
  {"cat":"Node","pid":1,"tid":1,"dur":1,"ts":1001,"ph":"X","name":"mm_fence_before","args":{"op_name":"MatMul"}},
  {"cat":"Node","pid":1,"tid":1,"dur":40,"ts":1002,"ph":"X","name":"mm_kernel_time",
   "args":{"op_name":"MatMul","provider":"WinmlTestEP"}},
  {"cat":"Node","pid":1,"tid":1,"dur":30,"ts":1050,"ph":"X","name":"gather_kernel_time",
   "args":{"op_name":"Gather","provider":"CPUExecutionProvider"}},
  {"cat":"Session","pid":1,"tid":1,"dur":60,"ts":2000,"ph":"X","name":"model_run","args":{}},
  {"cat":"Node","pid":1,"tid":1,"dur":20,"ts":2005,"ph":"X","name":"mm_kernel_time",
   "args":{"op_name":"MatMul","provider":"WinmlTestEP"}}
])";

TEST(TraceFile, RunsHoldTheirKernelEvents) {
  auto runs = parse_trace(kTwoRuns, "ctx", "t.json");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].stage, "ctx");
  EXPECT_DOUBLE_EQ(runs[0].dur_us, 100);
  ASSERT_EQ(runs[0].nodes.size(), 2u);  // the fence is not a kernel time
  EXPECT_EQ(runs[0].nodes[0].node, "mm");
  EXPECT_EQ(runs[0].nodes[0].op_type, "MatMul");
  EXPECT_EQ(runs[0].nodes[0].ep, "WinmlTestEP");
  EXPECT_EQ(runs[0].nodes[1].ep, "CPUExecutionProvider");
  ASSERT_EQ(runs[1].nodes.size(), 1u);
  EXPECT_DOUBLE_EQ(runs[1].nodes[0].dur_us, 20);
}

TEST(TraceFile, AcceptsTheTraceEventsObjectAndSortsRuns) {
  auto runs = parse_trace(R"({"traceEvents":[
    {"cat":"Session","ts":50,"dur":5,"name":"model_run"},
    {"cat":"Session","ts":10,"dur":5,"name":"model_run"},
    {"cat":"Node","ts":11,"dur":2,"name":"a_kernel_time","args":{"op_name":"Add","provider":"CPUExecutionProvider"}}]})",
                          "decoder", "t.json");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(runs[0].start_us, 10);
  EXPECT_EQ(runs[0].nodes.size(), 1u);
  EXPECT_TRUE(runs[1].nodes.empty());
}

TEST(TraceFile, FusedPartitionsCountAsOneType) {
  auto runs = parse_trace(R"([{"cat":"Session","ts":0,"dur":50,"name":"model_run"},
    {"cat":"Node","ts":1,"dur":2,"name":"p8_kernel_time","args":{"op_name":"WinmlTestEP_93610_8","provider":"WinmlTestEP"}},
    {"cat":"Node","ts":4,"dur":2,"name":"q_kernel_time","args":{"op_name":"QNN_77_0_0","provider":"QNNExecutionProvider"}},
    {"cat":"Node","ts":8,"dur":2,"name":"m_kernel_time","args":{"op_name":"MatMul","provider":"WinmlTestEP"}}])",
                          "ctx", "t.json");
  ASSERT_EQ(runs[0].nodes.size(), 3u);
  EXPECT_EQ(runs[0].nodes[0].op_type, kFusedPartition);
  EXPECT_EQ(runs[0].nodes[0].node, "p8");  // the node keeps its name
  EXPECT_EQ(runs[0].nodes[1].op_type, kFusedPartition);
  EXPECT_EQ(runs[0].nodes[2].op_type, "MatMul");
}

TEST(TraceFile, NodeOutsideEveryRunIsDropped) {
  auto runs = parse_trace(R"([{"cat":"Session","ts":10,"dur":5,"name":"model_run"},
    {"cat":"Node","ts":100,"dur":2,"name":"a_kernel_time","args":{"op_name":"Add","provider":"CPUExecutionProvider"}},
    {"cat":"Node","ts":1,"dur":2,"name":"b_kernel_time","args":{"op_name":"Add","provider":"CPUExecutionProvider"}}])",
                          "decoder", "t.json");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(runs[0].nodes.empty());
}

TEST(TraceFile, RefusesWhatIsNotATrace) {
  for (const char* text : {"not json", R"({"a":1})", R"([1])", R"([{"cat":"Session","name":"model_run","ts":"x"}])"}) {
    try {
      parse_trace(text, "s", "/tmp/p.json");
      ADD_FAILURE() << "accepted " << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.category(), ErrorCategory::runtime);
      EXPECT_NE(std::string(e.what()).find("/tmp/p.json is not an ONNX Runtime profile"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace winml::profile
