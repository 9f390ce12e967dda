#include "ep/discovery.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "machines.h"

namespace winml::ep {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(DiscoveryTest, MapsEachMachineToDeviceEpsInPriorityOrder) {
  struct Case {
    const char* machine;
    FixedEpDiscovery discovery;
    DeviceEpMap expected;
  };
  std::vector<Case> cases = {
      {"qnn laptop",
       testing::qnn_laptop(),
       {{"npu", {"QNNExecutionProvider"}},
        {"gpu", {"QNNExecutionProvider", "DmlExecutionProvider"}},
        {"cpu", {"CPUExecutionProvider"}}}},
      {"openvino host",
       testing::openvino_host(),
       {{"npu", {"OpenVINOExecutionProvider"}},
        {"gpu", {"OpenVINOExecutionProvider"}},
        {"cpu", {"OpenVINOExecutionProvider", "CPUExecutionProvider"}}}},
      {"cuda box",
       testing::cuda_box(),
       {{"npu", {}},
        {"gpu", {"TensorrtExecutionProvider", "CUDAExecutionProvider"}},
        {"cpu", {"CPUExecutionProvider"}}}},
      {"ryzen laptop",
       testing::ryzen_laptop(),
       {{"npu", {"VitisAIExecutionProvider"}}, {"gpu", {"DmlExecutionProvider"}}, {"cpu", {"CPUExecutionProvider"}}}},
      {"cpu only", testing::cpu_only(), {{"npu", {}}, {"gpu", {}}, {"cpu", {"CPUExecutionProvider"}}}},
  };
  for (auto& c : cases) {
    SCOPED_TRACE(c.machine);
    EXPECT_EQ(discover_device_eps(c.discovery), c.expected);
  }
}

TEST(DiscoveryTest, IgnoresUnknownEpsAndPairsTheCatalogForbids) {
  FixedEpDiscovery discovery({"CPUExecutionProvider", "WebGpuExecutionProvider"},
                             {{"ExampleVendorExecutionProvider", "npu", "Example"},
                              {"QNNExecutionProvider", "cpu", "Qualcomm"},
                              {"CUDAExecutionProvider", "GPU", "NVIDIA"},
                              {"VitisAIExecutionProvider", "fpga", "AMD"}});
  DeviceEpMap map = discover_device_eps(discovery);
  EXPECT_THAT(map.at("npu"), IsEmpty());
  EXPECT_THAT(map.at("gpu"), ElementsAre("CUDAExecutionProvider"));  // device types are case-insensitive
  EXPECT_THAT(map.at("cpu"), ElementsAre("CPUExecutionProvider"));
}

TEST(DiscoveryTest, BuiltInAndPluginReportsOfOneEpMerge) {
  FixedEpDiscovery discovery(
      {"CPUExecutionProvider", "CUDAExecutionProvider"},
      {{"CUDAExecutionProvider", "gpu", "NVIDIA"}, {"NvTensorRTRTXExecutionProvider", "gpu", "NVIDIA"}});
  EXPECT_THAT(discover_device_eps(discovery).at("gpu"),
              ElementsAre("NvTensorRTRTXExecutionProvider", "CUDAExecutionProvider"));
}

}  // namespace
}  // namespace winml::ep
