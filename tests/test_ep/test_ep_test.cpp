// The test EP through ONNX Runtime: the devices it offers and the ops it runs.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "test_ep/test_ep_harness.h"
#include "test_ep/test_ep_models.h"
#include "test_support/temp_dir.h"

namespace winml::test_ep {
namespace {

using ::testing::FloatNear;
using ::testing::HasSubstr;
using ::testing::Pointwise;
using ::testing::UnorderedElementsAreArray;

std::vector<OrtHardwareDeviceType> device_types() {
  std::vector<OrtHardwareDeviceType> types;
  for (const auto& device : test_ep_devices()) types.push_back(device.Device().Type());
  return types;
}

TEST(TestEpDevices, OffersCpuGpuAndNpuByDefault) {
  ScopedEnvVar devices("WINML_TEST_EP_DEVICES", std::nullopt);
  RegisteredTestEp registered;
  EXPECT_THAT(device_types(), UnorderedElementsAreArray(
                                  {OrtHardwareDeviceType_CPU, OrtHardwareDeviceType_GPU, OrtHardwareDeviceType_NPU}));
  for (const auto& device : test_ep_devices()) {
    SCOPED_TRACE(device.Device().Type());
    EXPECT_STREQ(device.EpVendor(), "winml-tests");
    EXPECT_STREQ(device.EpMetadata().GetValue("version"), "0.1.0");
    if (device.Device().Type() == OrtHardwareDeviceType_CPU) continue;
    // The virtual devices describe themselves; the CPU is the real one ORT discovered.
    EXPECT_EQ(device.Device().VendorId(), 0x7E57U);
    EXPECT_STREQ(device.Device().Vendor(), "winml-tests");
    ASSERT_NE(device.Device().Metadata().GetValue("Description"), nullptr);
    EXPECT_THAT(device.Device().Metadata().GetValue("Description"), HasSubstr("virtual"));
    EXPECT_STREQ(device.Device().Metadata().GetValue("is_virtual"), "1");
  }
}

TEST(TestEpDevices, OffersTheCpuOrtDiscovered) {
  ScopedEnvVar devices("WINML_TEST_EP_DEVICES", "cpu");
  RegisteredTestEp registered;
  std::set<const OrtHardwareDevice*> cpu_ep_devices;
  for (const auto& device : ort_env().GetEpDevices()) {
    if (std::string(device.EpName()) == "CPUExecutionProvider") cpu_ep_devices.insert(device.Device());
  }
  const auto ours = test_ep_devices();
  ASSERT_EQ(ours.size(), 1U);
  EXPECT_TRUE(cpu_ep_devices.count(ours[0].Device())) << "not the OrtHardwareDevice of ORT's CPU EP";
}

TEST(TestEpDevices, HonoursTheDeviceList) {
  const std::vector<std::pair<const char*, std::vector<OrtHardwareDeviceType>>> cases = {
      {"gpu", {OrtHardwareDeviceType_GPU}},
      {"npu", {OrtHardwareDeviceType_NPU}},
      {"npu, cpu", {OrtHardwareDeviceType_NPU, OrtHardwareDeviceType_CPU}},
      {"", {}}};
  for (const auto& [list, expected] : cases) {
    SCOPED_TRACE(list);
    ScopedEnvVar devices("WINML_TEST_EP_DEVICES", list);
    RegisteredTestEp registered;
    EXPECT_THAT(device_types(), UnorderedElementsAreArray(expected));
  }
}

TEST(TestEpDevices, UnknownDeviceFailsRegistration) {
  ScopedEnvVar devices("WINML_TEST_EP_DEVICES", "cpu,tpu");
  try {
    RegisteredTestEp registered;
    FAIL() << "registration succeeded";
  } catch (const Ort::Exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("unknown device 'tpu'"));
  }
}

// Every op test registers the library with all devices and collects counters in its own file.
class TestEpOps : public ::testing::Test {
 protected:
  test::TempDir dir_;
  std::filesystem::path counters_file_ = dir_.path() / "counters.jsonl";
  ScopedEnvVar devices_{"WINML_TEST_EP_DEVICES", std::nullopt};
  ScopedEnvVar counters_{"WINML_TEST_EP_COUNTERS", counters_file_.string()};
  RegisteredTestEp registered_;
};

void expect_same(const Tensor& actual, const Tensor& expected) {
  EXPECT_EQ(actual.shape, expected.shape);
  EXPECT_THAT(actual.data, Pointwise(FloatNear(1e-4f), expected.data));
}

TEST_F(TestEpOps, ChainOnNpuMatchesCpu) {
  const auto model = dir_.path() / "chain.onnx";
  write_chain_model(model);
  const Tensor expected = run_model(model, std::nullopt, chain_inputs());
  const Tensor actual = run_model(model, OrtHardwareDeviceType_NPU, chain_inputs(), 2);
  expect_same(actual, expected);
  EXPECT_EQ(actual.shape, (std::vector<int64_t>{2, 2, 4}));

  const auto counters = read_counters(counters_file_);
  ASSERT_EQ(counters.size(), 1U);
  EXPECT_EQ(counters[0]["ep"], kTestEpName);
  EXPECT_EQ(counters[0]["devices"], nlohmann::json::array({"npu"}));
  EXPECT_EQ(counters[0]["nodes_claimed"], 3);
  EXPECT_EQ(counters[0]["kernel_runs"], 6);  // three fused nodes, two runs
  EXPECT_EQ(counters[0]["from_context"], false);
}

TEST_F(TestEpOps, EachDeviceRunsTheChain) {
  const auto model = dir_.path() / "chain.onnx";
  write_chain_model(model);
  const Tensor expected = run_model(model, std::nullopt, chain_inputs());
  for (auto type : {OrtHardwareDeviceType_CPU, OrtHardwareDeviceType_GPU}) {
    SCOPED_TRACE(type);
    expect_same(run_model(model, type, chain_inputs()), expected);
  }
  const auto counters = read_counters(counters_file_);
  ASSERT_EQ(counters.size(), 2U);
  EXPECT_EQ(counters[0]["devices"], nlohmann::json::array({"cpu"}));
  EXPECT_EQ(counters[1]["devices"], nlohmann::json::array({"gpu"}));
  EXPECT_EQ(counters[1]["kernel_runs"], 3);
}

// Broadcasting and MatMul's 1-D and batch rules, with some shapes unknown until run time.
TEST_F(TestEpOps, BroadcastingMatchesCpu) {
  struct Case {
    const char* op;
    std::vector<Dim> a_dims;
    std::vector<int64_t> a;
    std::vector<Dim> b_dims;
    std::vector<int64_t> b;
  };
  const std::vector<Case> cases = {
      {"MatMul", {2, 1, 2, 3}, {2, 1, 2, 3}, {3, 3, 2}, {3, 3, 2}},  // batch broadcast to [2,3]
      {"MatMul", {3}, {3}, {2, 3, 4}, {2, 3, 4}},                    // 1-D left: [2,4]
      {"MatMul", {2, 3, 4}, {2, 3, 4}, {4}, {4}},                    // 1-D right: [2,3]
      {"MatMul", {3}, {3}, {3}, {3}},                                // dot product: scalar
      {"MatMul", {"N", 2, 3}, {5, 2, 3}, {3, "M"}, {3, 4}},          // shapes known only at run time
      {"Add", {2, 1, 3}, {2, 1, 3}, {4, 1}, {4, 1}},
      {"Add", {"N", 3}, {2, 3}, {}, {}},  // scalar operand
      {"Mul", {3}, {3}, {2, 2, 1}, {2, 2, 1}},
      {"Mul", {2, 0, 3}, {2, 0, 3}, {1, 3}, {1, 3}},  // empty tensor
  };
  int index = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.op) + " case " + std::to_string(index));
    const auto model = dir_.path() / ("case" + std::to_string(index++) + ".onnx");
    ModelBuilder().input("A", c.a_dims).input("B", c.b_dims).node(c.op, {"A", "B"}, {"Y"}).output("Y").write(model);
    std::size_t a_count = 1, b_count = 1;
    for (int64_t d : c.a) a_count *= static_cast<std::size_t>(d);
    for (int64_t d : c.b) b_count *= static_cast<std::size_t>(d);
    const std::vector<Tensor> inputs = {{"A", c.a, sample_values(a_count)}, {"B", c.b, sample_values(b_count, 0.25f)}};
    expect_same(run_model(model, OrtHardwareDeviceType_NPU, inputs), run_model(model, std::nullopt, inputs));
  }
  const auto counters = read_counters(counters_file_);
  ASSERT_EQ(counters.size(), cases.size());
  for (const auto& line : counters) EXPECT_EQ(line["kernel_runs"], 1);
}

TEST_F(TestEpOps, ModelWithoutSupportedOpsClaimsNothing) {
  const auto model = dir_.path() / "relu.onnx";
  write_relu_model(model);
  const Tensor output = run_model(model, OrtHardwareDeviceType_NPU, {{"X", {2, 3}, {-1, 2, -3, 4, -5, 6}}});
  EXPECT_EQ(output.data, (std::vector<float>{0, 2, 0, 4, 0, 6}));
  const auto counters = read_counters(counters_file_);
  ASSERT_EQ(counters.size(), 1U);
  EXPECT_EQ(counters[0]["nodes_claimed"], 0);
  EXPECT_EQ(counters[0]["kernel_runs"], 0);
}

TEST_F(TestEpOps, NonFloatNodesAreLeftToCpu) {
  const auto model = dir_.path() / "int_add.onnx";
  ModelBuilder()
      .input("A", {3}, /*INT32*/ 6)
      .input("B", {3}, 6)
      .node("Add", {"A", "B"}, {"Y"})
      .output("Y", 6)
      .write(model);
  const Tensor output =
      run_model(model, OrtHardwareDeviceType_NPU, {{"A", {3}, {1, 2, 3}, true}, {"B", {3}, {10, 20, 30}, true}});
  EXPECT_EQ(output.data, (std::vector<float>{11, 22, 33}));
  EXPECT_EQ(read_counters(counters_file_).at(0)["nodes_claimed"], 0);
}

}  // namespace
}  // namespace winml::test_ep
