#include "compile/compile_config.h"

#include <gtest/gtest.h>

namespace winml::compile {
namespace {

TEST(CompileConfig, EpContextEpOnItsDeviceCompilesWithTheStageOptions) {
  CompileConfig c = compile_config_for("qnn", "npu", {{"backend_path", "libQnnHtp.so"}});
  EXPECT_TRUE(c.epcontext) << c.reason;
  EXPECT_EQ(c.ep, "QNNExecutionProvider");
  EXPECT_EQ(c.alias, "qnn");
  EXPECT_EQ(c.device, "npu");
  EXPECT_EQ(c.options, (ProviderOptions{{"backend_path", "libQnnHtp.so"}}));
}

TEST(CompileConfig, NoDeviceMeansThePrimaryOne) {
  CompileConfig c = compile_config_for("QNNExecutionProvider", "", {});
  EXPECT_TRUE(c.epcontext);
  EXPECT_EQ(c.device, "npu");
}

TEST(CompileConfig, EpsWithoutEpContextStayJustInTime) {
  for (const char* ep : {"cpu", "CUDAExecutionProvider", "dml", "migraphx"}) {
    CompileConfig c = compile_config_for(ep, "", {});
    EXPECT_FALSE(c.epcontext) << ep;
    EXPECT_NE(c.reason.find("does not produce EPContext"), std::string::npos) << c.reason;
  }
}

TEST(CompileConfig, EveryCatalogEpContextEpCompiles) {
  for (const char* ep : {"nvtensorrtrtx", "tensorrt", "qnn", "openvino", "vitisai"}) {
    EXPECT_TRUE(compile_config_for(ep, "", {}).epcontext) << ep;
  }
}

TEST(CompileConfig, ADeviceTheEpDoesNotTargetStaysJustInTime) {
  CompileConfig c = compile_config_for("qnn", "cpu", {});
  EXPECT_FALSE(c.epcontext);
  EXPECT_NE(c.reason.find("does not target device 'cpu'"), std::string::npos) << c.reason;
  EXPECT_FALSE(compile_config_for("qnn", "tpu", {}).epcontext);
}

TEST(CompileConfig, UnknownEpStaysJustInTimeWithAReason) {
  CompileConfig c = compile_config_for("FancyExecutionProvider", "", {});
  EXPECT_FALSE(c.epcontext);
  EXPECT_EQ(c.alias, "FancyExecutionProvider");
  EXPECT_NE(c.reason.find("not a known execution provider"), std::string::npos);
}

TEST(CompileConfig, OpenVinoCompilesForTheStageDevice) {
  EXPECT_EQ(compile_config_for("openvino", "gpu", {}).options.at("device_type"), "GPU");
  EXPECT_EQ(compile_config_for("openvino", "", {}).options.at("device_type"), "NPU");
  // The stage's own choice wins.
  EXPECT_EQ(compile_config_for("openvino", "gpu", {{"device_type", "GPU.1"}}).options.at("device_type"), "GPU.1");
}

}  // namespace
}  // namespace winml::compile
