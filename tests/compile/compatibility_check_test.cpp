// The compile module's side of the compatibility question: where the info comes from and what a
// verdict means for a cached or shipped model.

#include "compile/compatibility_check.h"

#include <gtest/gtest.h>

#include "compile/onnx_fixtures.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

class CompatibilityCheckTest : public ::testing::Test {
 protected:
  fs::path model(const std::string& info) {
    fs::path path = dir.path() / "m.onnx";
    test::write_bytes(path, test::epcontext_model_bytes("QNNExecutionProvider", true, "blob", info));
    return path;
  }
  test::TempDir dir;
  CompileConfig qnn = compile_config_for("qnn", "npu", {});
};

TEST_F(CompatibilityCheckTest, AsksWithTheInfoTheEpWroteForItself) {
  std::string asked;
  CompatibilityCheck check = [&](const std::string& info, const CompileConfig& config) {
    asked = info + " @ " + config.ep + " " + config.device;
    return Compatibility::prefer_recompile;
  };
  EXPECT_EQ(compatibility_info_key("QNNExecutionProvider"), "ep_compatibility_info.QNNExecutionProvider");
  EXPECT_EQ(check_compatibility(check, model("htp v73"), qnn), Compatibility::prefer_recompile);
  EXPECT_EQ(asked, "htp v73 @ QNNExecutionProvider npu");
}

TEST_F(CompatibilityCheckTest, NoInfoForTheEpIsNotApplicableAndNothingIsAsked) {
  bool asked = false;
  CompatibilityCheck check = [&](const std::string&, const CompileConfig&) {
    asked = true;
    return Compatibility::unsupported;
  };
  EXPECT_EQ(check_compatibility(check, model(""), qnn), Compatibility::not_applicable);
  CompileConfig other = compile_config_for("openvino", "npu", {});
  EXPECT_EQ(check_compatibility(check, model("htp v73"), other), Compatibility::not_applicable);
  EXPECT_FALSE(asked);
}

TEST_F(CompatibilityCheckTest, NoCheckUnreadableModelOrFailedCheckIsNotChecked) {
  EXPECT_EQ(check_compatibility({}, model("x"), qnn), Compatibility::not_checked);
  std::string problem;
  CompatibilityCheck check = [](const std::string&, const CompileConfig&) { return Compatibility::optimal; };
  test::write_bytes(dir.path() / "cut.onnx", "\x08");
  EXPECT_EQ(check_compatibility(check, dir.path() / "cut.onnx", qnn, &problem), Compatibility::not_checked);
  EXPECT_NE(problem.find("could not read the model"), std::string::npos) << problem;
  CompatibilityCheck failing = [](const std::string&, const CompileConfig&) -> Compatibility {
    throw SessionError("ONNX Runtime is gone");
  };
  EXPECT_EQ(check_compatibility(failing, model("x"), qnn, &problem), Compatibility::not_checked);
  EXPECT_NE(problem.find("ONNX Runtime is gone"), std::string::npos) << problem;
}

TEST_F(CompatibilityCheckTest, OnlyUnsupportedAndPreferRecompileRecompile) {
  EXPECT_NE(recompile_reason(Compatibility::unsupported, qnn).find("cannot run on qnn npu"), std::string::npos);
  EXPECT_NE(recompile_reason(Compatibility::prefer_recompile, qnn).find("recompiled for qnn npu"), std::string::npos);
  for (Compatibility fine : {Compatibility::not_checked, Compatibility::not_applicable, Compatibility::optimal}) {
    EXPECT_TRUE(recompile_reason(fine, qnn).empty()) << to_string(fine);
    EXPECT_TRUE(stale_model_warning("ctx", fine, qnn).empty()) << to_string(fine);
  }
  EXPECT_NE(stale_model_warning("ctx", Compatibility::unsupported, qnn).find("stage ctx"), std::string::npos);
  EXPECT_NE(stale_model_warning("ctx", Compatibility::prefer_recompile, qnn).find("winml compile"), std::string::npos);
}

}  // namespace
}  // namespace winml::compile
