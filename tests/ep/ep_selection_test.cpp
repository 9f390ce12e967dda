#include "ep/ep_selection.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ep/catalog.h"
#include "ep/plugin_eps.h"
#include "machines.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

// A machine that counts how often it is asked, so a test sees when the engine would load.
class CountingDiscovery : public EpDiscovery {
 public:
  explicit CountingDiscovery(FixedEpDiscovery machine) : machine_(std::move(machine)) {}
  std::vector<std::string> available_providers() override {
    ++asked;
    return machine_.available_providers();
  }
  std::vector<engine::EpDevice> ep_devices() override { return machine_.ep_devices(); }
  int asked = 0;

 private:
  FixedEpDiscovery machine_;
};

TEST(EpSelectorTest, BundleRoutingNeverAsksTheMachine) {
  CountingDiscovery machine(testing::cpu_only());
  EpSelector selector(machine);
  EXPECT_TRUE(selector.for_bundle("", "").respects_bundle());
  EXPECT_TRUE(selector.for_bundle("", "config").respects_bundle());
  EXPECT_EQ(machine.asked, 0);
}

TEST(EpSelectorTest, AsksTheMachineOnceForEveryChoice) {
  CountingDiscovery machine(testing::cuda_box());
  EpSelector selector(machine);
  EXPECT_EQ(selector.for_bundle("", "gpu").ep_label(), "tensorrt");  // the first GPU EP in priority order
  EXPECT_EQ(selector.for_bundle("cpu", "").ep_label(), "cpu");
  EXPECT_EQ(selector.for_model("", "").device(), "gpu");
  EXPECT_EQ(selector.for_model("", "cpu").ep_label(), "cpu");
  EXPECT_EQ(machine.asked, 1);
}

TEST(EpSelectorTest, ChoicesAreTheResolversOwn) {
  CountingDiscovery machine(testing::qnn_laptop());
  EpSelector selector(machine);
  const EpResolver resolver = testing::resolver(testing::qnn_laptop());
  EXPECT_EQ(selector.for_bundle("", "npu"), resolver.select_genai_ep("", "npu"));
  EXPECT_EQ(selector.for_model("", "auto"), resolver.select_onnx_ep("", "auto"));
  EXPECT_THROW(selector.for_bundle("cuda", ""), EpUnavailableError);
  EXPECT_THROW(selector.for_model("nosuch", ""), UsageError);
}

TEST(ChooseNamedEpTest, BuiltInNameIsCheckedBeforeTheLibrariesRegister) {
  std::vector<std::string> events;
  EpChoice choice = choose_named_ep("qnn", "npu", [&] { events.push_back("registered"); });
  EXPECT_EQ(choice.ep_label(), "qnn");
  EXPECT_EQ(choice.device(), "npu");
  EXPECT_EQ(events, std::vector<std::string>{"registered"});
  // A device the EP does not target fails before any library registers.
  events.clear();
  EXPECT_THROW(choose_named_ep("cuda", "npu", [&] { events.push_back("registered"); }), UsageError);
  EXPECT_TRUE(events.empty());
}

TEST(ChooseNamedEpTest, OtherNameIsLookedUpAfterTheLibrariesRegister) {
  reset_runtime_eps();
  // The registration adds the plugin EP: only then does its name exist.
  EpChoice choice = choose_named_ep("acmeep", "", [] { add_runtime_ep(plugin_ep_row("AcmeEP", {"npu"})); });
  EXPECT_EQ(choice.ep_label(), "acmeep");
  reset_runtime_eps();
  int registrations = 0;
  EXPECT_THROW(choose_named_ep("nosuch", "", [&] { ++registrations; }), UsageError);
  EXPECT_EQ(registrations, 1);
}

}  // namespace
}  // namespace winml::ep
