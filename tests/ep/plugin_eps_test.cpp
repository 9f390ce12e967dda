#include "ep/plugin_eps.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include <map>

#include "ep/discovery.h"
#include "ep/resolution.h"
#include "platform/utf8_path.h"
#include "winml/ep_choice.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

// Libraries are registered by absolute path ("/libacme.so" is "C:\\libacme.so" on Windows).
std::string absolute_path(const char* path) { return platform::utf8_string(std::filesystem::absolute(path)); }

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// An engine whose plugin libraries add the EP devices scripted for their path.
class PluginEngine final : public engine::Engine {
 public:
  std::map<std::string, std::vector<engine::EpDevice>> devices_by_path;
  std::vector<std::string> registered;

  engine::Versions versions() override { return {"ort", "genai"}; }
  std::vector<std::string> available_providers() override { return {"CPUExecutionProvider"}; }
  std::vector<engine::EpDevice> ep_devices() override { return devices_; }
  void register_ep_library(const std::string& name, const std::string& path) override {
    registered.push_back(name);
    for (const auto& device : devices_by_path[path]) devices_.push_back(device);
  }
  void set_telemetry_enabled(bool) override {}
  void set_log_sink(engine::LogSeverity, engine::LogSink) override {}
  std::unique_ptr<engine::GenaiModel> load_genai_model(const std::string&) override { return nullptr; }
  std::unique_ptr<engine::OnnxSession> create_onnx_session(const engine::SessionSpec&) override { return nullptr; }
  void compile_model(const engine::CompileRequest&) override {}
  engine::ModelCompatibility compiled_model_compatibility(const std::string&, const engine::ProviderSpec&) override {
    return engine::ModelCompatibility::not_applicable;
  }
  std::vector<engine::DeviceIncompatibility> device_incompatibilities() override { return {}; }
  void shutdown() override {}

 private:
  std::vector<engine::EpDevice> devices_ = {{"CPUExecutionProvider", "cpu", "host"}};
};

class PluginEpsTest : public ::testing::Test {
 protected:
  void SetUp() override { reset_runtime_eps(); }
  void TearDown() override { reset_runtime_eps(); }
};

TEST_F(PluginEpsTest, RowOrdersDevicesMostSpecialisedFirst) {
  EpInfo row = plugin_ep_row("AcmeEP", {"CPU", "gpu", "NPU", "fpga"});
  EXPECT_EQ(row.canonical, "AcmeEP");
  EXPECT_EQ(row.genai_name, "AcmeEP");  // GenAI matches plugin EPs by their EP name
  EXPECT_EQ(row.alias, "acmeep");
  EXPECT_THAT(row.devices, ElementsAre("npu", "gpu", "cpu"));
  EXPECT_EQ(primary_device(row), "npu");
  EXPECT_TRUE(row.hardware);
  EXPECT_TRUE(row.epcontext);
  EXPECT_TRUE(row.device_option.empty());
}

TEST_F(PluginEpsTest, RowWithoutKnownDeviceIsRefused) { EXPECT_THROW(plugin_ep_row("AcmeEP", {"fpga"}), UsageError); }

TEST_F(PluginEpsTest, RegisteringMakesTheEpAndItsRegistrationNameChoosable) {
  PluginEngine engine;
  engine.devices_by_path[absolute_path("/libacme.so")] = {{"AcmeEP", "cpu", "acme"}, {"AcmeEP", "npu", "acme"}};
  EXPECT_EQ(find_ep("acme_reg"), nullptr);
  register_plugin_libraries({{"acme_reg", "/libacme.so", "--ep-library"}}, engine);

  const EpInfo* by_name = find_ep("ACMEEP");
  ASSERT_NE(by_name, nullptr);
  EXPECT_EQ(find_ep("acme_reg"), by_name);
  EXPECT_EQ(EpChoice::parse("acme_reg", "npu").info(), by_name);
  EXPECT_THAT(valid_ep_names(), HasSubstr("acme_reg (AcmeEP)"));
  ASSERT_EQ(registered_plugin_libraries().size(), 1u);
  EXPECT_EQ(registered_plugin_libraries().back().path, absolute_path("/libacme.so"));

  // Discovery and resolution see it like any EP; the primary-device rule keeps --device cpu on the
  // CPU EP although the plugin also offers the host CPU.
  FixedEpDiscovery machine({"CPUExecutionProvider"}, engine.ep_devices());
  DeviceEpMap map = discover_device_eps(machine);
  EXPECT_THAT(map["npu"], ElementsAre("AcmeEP"));
  EXPECT_THAT(map["cpu"], ElementsAre("CPUExecutionProvider", "AcmeEP"));
  EpResolver resolver(map);
  EXPECT_EQ(resolver.select_genai_ep("", "auto").info(), by_name);
  EXPECT_EQ(resolver.select_genai_ep("", "cpu").info()->canonical, "CPUExecutionProvider");
  EXPECT_EQ(resolver.select_genai_ep("acme_reg", "cpu").info(), by_name);
}

TEST_F(PluginEpsTest, LibraryOfAKnownEpAddsItsRegistrationNameOnly) {
  PluginEngine engine;
  engine.devices_by_path[absolute_path("/libqnn.so")] = {{"QNNExecutionProvider", "npu", "qualcomm"}};
  register_plugin_libraries({{"qnn_plugin", "/libqnn.so", "--ep-library"}}, engine);
  EXPECT_TRUE(runtime_eps().empty());
  ASSERT_NE(find_ep("qnn_plugin"), nullptr);
  EXPECT_EQ(find_ep("qnn_plugin")->canonical, "QNNExecutionProvider");
}

TEST_F(PluginEpsTest, LibraryWithoutDevicesAddsNothing) {
  PluginEngine engine;
  register_plugin_libraries({{"absent", "/libabsent.so", "WINML_EP_LIBRARIES"}}, engine);
  EXPECT_THAT(engine.registered, ElementsAre("absent"));
  EXPECT_TRUE(runtime_eps().empty());
  EXPECT_EQ(find_ep("absent"), nullptr);
  try {
    require_ep("ABSENT");
    FAIL() << "an EP library without devices was choosable";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr(absolute_path("/libabsent.so") + ", which offers no device on this machine"));
  }
}

TEST_F(PluginEpsTest, RegistrationNameNeverShadowsAnExistingName) {
  PluginEngine engine;
  engine.devices_by_path[absolute_path("/libacme.so")] = {{"AcmeEP", "gpu", "acme"}};
  register_plugin_libraries({{"cuda", "/libacme.so", "--ep-library"}}, engine);
  EXPECT_EQ(find_ep("cuda")->canonical, "CUDAExecutionProvider");
  EXPECT_EQ(find_ep("acmeep")->canonical, "AcmeEP");
}

}  // namespace
}  // namespace winml::ep
