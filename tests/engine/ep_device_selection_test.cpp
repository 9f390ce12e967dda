#include "engine/ep_device_selection.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ep/discovery.h"
#include "ep/ort_providers.h"
#include "ep/resolution.h"

namespace winml::engine {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// One EP with a CPU, a GPU and an NPU device, plus another EP's device between them, as ONNX
// Runtime lists a multi-device plugin EP.
std::vector<EpDevice> one_ep_three_devices() {
  return {{"OpenVINOExecutionProvider", "cpu", "Intel"},
          {"CPUExecutionProvider", "cpu", "Intel"},
          {"OpenVINOExecutionProvider", "gpu", "Intel"},
          {"OpenVINOExecutionProvider", "npu", "Intel"}};
}

TEST(EpDeviceSelection, PicksByEpAndHardwareType) {
  struct Case {
    const char* device_type;
    std::vector<std::size_t> expected;
  };
  const std::vector<Case> cases = {{"cpu", {0}}, {"gpu", {2}}, {"npu", {3}}, {"", {0, 2, 3}}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.device_type);
    ProviderSpec provider{"OpenVINOExecutionProvider", {}, c.device_type, "OpenVINO"};
    EXPECT_EQ(select_ep_devices(one_ep_three_devices(), provider), c.expected);
  }
}

TEST(EpDeviceSelection, NothingForAnotherEpOrAMissingType) {
  EXPECT_THAT(select_ep_devices(one_ep_three_devices(), {"QNNExecutionProvider", {}, "npu", "QNN"}), IsEmpty());
  std::vector<EpDevice> gpu_only = {{"CUDAExecutionProvider", "gpu", "NVIDIA"}};
  EXPECT_THAT(select_ep_devices(gpu_only, {"CUDAExecutionProvider", {}, "npu", "CUDA"}), IsEmpty());
  EXPECT_THAT(select_ep_devices(gpu_only, {"CUDAExecutionProvider", {}, "gpu", "CUDA"}), ElementsAre(0U));
}

// The whole single-model route without ONNX Runtime: a fake discovery lists one EP with CPU, GPU
// and NPU devices; --device picks the choice, the choice becomes the provider spec, and the spec
// selects exactly the EP device of that hardware type (what the plugin appends).
TEST(EpDeviceSelection, SingleModelRouteHonoursTheDevice) {
  ep::FixedEpDiscovery discovery({"CPUExecutionProvider"}, one_ep_three_devices());
  ep::EpResolver resolver(ep::discover_device_eps(discovery));
  const std::vector<std::pair<const char*, std::size_t>> cases = {{"cpu", 0}, {"gpu", 2}, {"npu", 3}};
  for (const auto& [device, expected] : cases) {
    SCOPED_TRACE(device);
    EpChoice choice = resolver.select_onnx_ep("openvino", device);
    std::vector<ProviderSpec> providers = ep::ort_providers(choice);
    ASSERT_EQ(providers.size(), 1U);
    EXPECT_EQ(providers[0].options.at("device_type"), ep::device_option_value(device));
    EXPECT_THAT(select_ep_devices(discovery.ep_devices(), providers[0]), ElementsAre(expected));
  }
  // `auto` prefers the NPU, and still selects only that device.
  std::vector<ProviderSpec> providers = ep::ort_providers(resolver.select_onnx_ep("openvino", ""));
  ASSERT_EQ(providers.size(), 1U);
  EXPECT_THAT(select_ep_devices(discovery.ep_devices(), providers[0]), ElementsAre(3U));
}

}  // namespace
}  // namespace winml::engine
