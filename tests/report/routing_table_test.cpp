#include "report/routing_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml::report {
namespace {

using ::testing::HasSubstr;

bundle::StageInfo routed_stage(std::string name, std::string ep, std::vector<bundle::ProviderEntry> providers) {
  bundle::StageInfo stage;
  stage.name = std::move(name);
  stage.filename = stage.name + ".onnx";
  stage.ep = std::move(ep);
  stage.providers = std::move(providers);
  return stage;
}

TEST(RoutingTableTest, ListsEveryStageAndTheProviderListsThatChanged) {
  bundle::StageInfo embed = routed_stage("embed", "cpu", {});
  embed.run_on_token_gen = false;
  bundle::StageInfo body = routed_stage("body", "cpu", {});
  body.own_session_options = false;
  const std::vector<bundle::StageInfo> before = {embed, body};
  std::vector<bundle::StageInfo> after = before;
  after[1] = routed_stage("body", "openvino", {{"OpenVINO", {{"device_type", "NPU"}}}});
  const std::string text = routing_table(before, after, false);
  EXPECT_THAT(text, HasSubstr("STAGE"));
  EXPECT_THAT(text, HasSubstr("embed.onnx"));
  EXPECT_THAT(text, HasSubstr("prompt "));
  EXPECT_THAT(text, HasSubstr("decoder"));
  EXPECT_THAT(text, HasSubstr("openvino"));
  EXPECT_THAT(text, HasSubstr("provider options:\n  body: [] -> [{\"OpenVINO\":{\"device_type\":\"NPU\"}}]\n"));
  EXPECT_EQ(text.find("  embed: "), std::string::npos);
}

TEST(RoutingTableTest, SaysWhenNoProviderListChanged) {
  const std::vector<bundle::StageInfo> stages = {routed_stage("decoder", "qnn", {{"qnn", {}}})};
  const std::string text = routing_table(stages, stages, false);
  EXPECT_THAT(text, HasSubstr("prompt+token"));
  EXPECT_TRUE(text.ends_with("provider options unchanged\n"));
}

}  // namespace
}  // namespace winml::report
