#include "plugin/plugin_loader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "winml_build_info.h"

namespace winml::plugin {
namespace {

const PluginSpec kSpec{"libwinml_x.so", "WINML_X_PATH", "winml_x_identity", "winml_x_instance", 4};

struct IdentityCase {
  std::string name;
  Identity found;
  bool missing;                       ///< the plugin exports no identity
  std::vector<std::string> expected;  ///< parts of the problem; empty = no problem
};

class IdentityCheck : public ::testing::TestWithParam<IdentityCase> {};

TEST_P(IdentityCheck, RefusesAnotherBuildNamingBothAndTheFix) {
  const auto& c = GetParam();
  std::string problem = identity_problem(kSpec, "/lib/libwinml_x.so", c.missing ? nullptr : &c.found);
  if (c.expected.empty()) {
    EXPECT_EQ(problem, "");
    return;
  }
  std::vector<std::string> always = {"/lib/libwinml_x.so",
                                     "this winml expects plugin interface 4 of winml " WINML_VERSION_STRING, kToolchain,
                                     "cmake --install", "WINML_X_PATH"};
  for (const auto& parts : {c.expected, always}) {
    for (const auto& part : parts) EXPECT_NE(problem.find(part), std::string::npos) << part << " in: " << problem;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Builds, IdentityCheck,
    ::testing::Values(
        IdentityCase{"SameBuild", {4, WINML_VERSION_STRING, kToolchain}, false, {}},
        IdentityCase{"OtherWinmlVersionSameInterface", {4, "0.0.9", kToolchain}, false, {}},
        IdentityCase{"OtherInterface", {3, "0.0.9", kToolchain}, false, {"it is plugin interface 3 of winml 0.0.9"}},
        IdentityCase{
            "OtherToolchain", {4, "0.0.9", "compiler 1, libc++ 2"}, false, {"built with compiler 1, libc++ 2"}},
        IdentityCase{"NullStrings", {4, nullptr, nullptr}, false, {"of winml unknown", "an unknown toolchain"}},
        IdentityCase{"NoIdentity", {}, true, {"from an older winml build", "exports no winml_x_identity"}}),
    [](const ::testing::TestParamInfo<IdentityCase>& info) { return info.param.name; });

}  // namespace
}  // namespace winml::plugin
