#include "winml/ep_choice.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ep/catalog.h"
#include "winml/errors.h"

namespace winml {
namespace {

using ::testing::HasSubstr;

TEST(EpChoiceTest, DefaultRespectsTheBundle) {
  EpChoice choice;
  EXPECT_TRUE(choice.respects_bundle());
  EXPECT_EQ(choice.info(), nullptr);
  EXPECT_EQ(choice.ep_label(), "config");
  EXPECT_EQ(choice.device_label(), "config");
}

TEST(EpChoiceTest, ParsesNamesOnce) {
  struct Case {
    const char* ep;
    const char* device;
    const char* alias;   // "config" = respects the bundle
    const char* stored;  // device kept
  };
  const std::vector<Case> cases = {
      {"", "", "config", ""},
      {"config", "", "config", ""},
      {"CONFIG", "config", "config", ""},
      {"qnn", "", "qnn", ""},
      {"QNNExecutionProvider", "NPU", "qnn", "npu"},
      {"OpenVINO", "gpu", "openvino", "gpu"},
      {"cpu", "config", "cpu", ""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.ep) + "/" + c.device);
    EpChoice choice = EpChoice::parse(c.ep, c.device);
    EXPECT_EQ(choice.ep_label(), c.alias);
    EXPECT_EQ(choice.device(), c.stored);
    if (!choice.respects_bundle()) {
      EXPECT_EQ(choice.info(), ep::find_ep(c.alias));
    }
  }
  EXPECT_EQ(EpChoice::parse("openvino", "gpu"), EpChoice::of(ep::require_ep("OpenVINOExecutionProvider"), "GPU"));
}

TEST(EpChoiceTest, RefusesWhatCannotRun) {
  struct Case {
    const char* ep;
    const char* device;
    const char* needle;
  };
  const std::vector<Case> cases = {
      {"tpu", "", "unknown execution provider 'tpu'"},
      {"openvino", "tpu", "unknown device 'tpu'"},
      {"cuda", "npu", "does not run on the npu device; it targets gpu"},
      {"vitisai", "gpu", "does not run on the gpu device"},
      {"cpu", "npu", "does not run on the npu device"},
      {"", "npu", "needs an EP"},
      {"", "tpu", "unknown device 'tpu'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.ep) + "/" + c.device);
    try {
      EpChoice::parse(c.ep, c.device);
      ADD_FAILURE() << "accepted";
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), HasSubstr(c.needle));
    }
  }
}

}  // namespace
}  // namespace winml
