// Sweeps whose rows would measure one thing twice (bundle/identical_routings.h).
#include "bundle/identical_routings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::AllOf;
using testing::fixture;
using ::testing::HasSubstr;

std::string refusal(const ConfigJson& config, const std::vector<EpChoice>& choices) {
  try {
    refuse_identical_routings(config, choices);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(IdenticalRoutingsTest, CpuAndAnEpWithNoEffectOnACpuBundleAreRefusedNamingTheFlag) {
  std::string message = refusal(fixture("cpu_pipeline.json"), {EpChoice::parse("cpu"), EpChoice::parse("openvino")});
  EXPECT_THAT(message, AllOf(HasSubstr("cpu and openvino would run this bundle the same way"),
                             HasSubstr("CPU stages are never re-routed"),
                             HasSubstr("Pass --ep-all-stages to route every stage, CPU stages included, to openvino")));
}

TEST(IdenticalRoutingsTest, TheBundlesRoutingAndCpuOnACpuBundleAreRefused) {
  std::string message = refusal(fixture("cpu_pipeline.json"), {EpChoice{}, EpChoice::parse("cpu")});
  EXPECT_THAT(message, HasSubstr("the bundle's own routing (config) and cpu would run this bundle the same way"));
  EXPECT_THAT(message, HasSubstr("Sweep only one of them."));
}

TEST(IdenticalRoutingsTest, AnEpTheBundleIsAlreadyRoutedToIsRefusedWithoutTheFlagAsFix) {
  std::string message = refusal(fixture("qnn_pipeline.json"), {EpChoice{}, EpChoice::parse("qnn")});
  EXPECT_THAT(message, HasSubstr("already routes its hardware stages to qnn"));
  EXPECT_THAT(message, HasSubstr("Pass --ep-all-stages"));  // it would move embeddings and lm_head too

  ConfigJson plain = fixture("cuda_decoder.json");
  EXPECT_THAT(refusal(plain, {EpChoice{}, EpChoice::parse("cuda")}), HasSubstr("Sweep only one of them."));
}

TEST(IdenticalRoutingsTest, ChoicesThatRouteDifferentlyPass) {
  EXPECT_EQ(
      refusal(fixture("cpu_pipeline.json"), {EpChoice::parse("cpu"), EpChoice::parse("openvino").with_all_stages(),
                                             EpChoice::parse("openvino", "gpu").with_all_stages()}),
      "");
  EXPECT_EQ(refusal(fixture("qnn_pipeline.json"),
                    {EpChoice::parse("cpu"), EpChoice::parse("qnn"), EpChoice::parse("openvino")}),
            "");
  EXPECT_EQ(refusal(fixture("cpu_pipeline.json"), {EpChoice::parse("cpu")}), "");
}

}  // namespace
}  // namespace winml::bundle
