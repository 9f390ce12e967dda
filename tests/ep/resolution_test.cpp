#include "ep/resolution.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ep/catalog.h"
#include "machines.h"

namespace winml::ep {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::resolver;

// Runs fn, expecting exception E whose message contains every needle.
template <typename E, typename Fn>
void expect_error(Fn&& fn, const std::vector<std::string>& needles) {
  try {
    fn();
    ADD_FAILURE() << "no exception";
  } catch (const E& e) {
    for (const auto& needle : needles) EXPECT_THAT(e.what(), HasSubstr(needle));
  }
}

TEST(ResolveDeviceTest, AutoPicksNpuThenGpuThenCpu) {
  EXPECT_EQ(resolver(testing::qnn_laptop()).resolve_device("auto"), "npu");
  EXPECT_EQ(resolver(testing::ryzen_laptop()).resolve_device("AUTO"), "npu");
  EXPECT_EQ(resolver(testing::cuda_box()).resolve_device("auto"), "gpu");
  EXPECT_EQ(resolver(testing::cpu_only()).resolve_device("auto"), "cpu");
}

TEST(ResolveDeviceTest, AutoWithAnEpPicksItsBestAvailableDevice) {
  EXPECT_EQ(resolver(testing::cuda_box()).resolve_device("auto", "cpu"), "cpu");
  EXPECT_EQ(resolver(testing::qnn_laptop()).resolve_device("auto", "dml"), "gpu");
  EXPECT_EQ(resolver(testing::openvino_host()).resolve_device("auto", "openvino"), "npu");
  expect_error<EpUnavailableError>([] { resolver(testing::cpu_only()).resolve_device("auto", "qnn"); },
                                   {"QNNExecutionProvider is not available", "cpu: cpu"});
  expect_error<EpUnavailableError>([] { resolver(FixedEpDiscovery({})).resolve_device("auto"); },
                                   {"no execution provider is available", "npu: (none); gpu: (none); cpu: (none)"});
}

// Asked through the discovery, the resolver knows what the ONNX Runtime build has: a built-in EP the
// build lacks is named as missing from the build, with the configure option for another build.
TEST(ResolveDeviceTest, AnEpTheOnnxRuntimeBuildLacksSaysSoAndHowToUseABuildThatHasIt) {
  FixedEpDiscovery cpu_build = testing::cpu_only();
  EpResolver cpu_only(cpu_build);
  const std::vector<std::string> cpu_only_needles = {"CUDAExecutionProvider is not available on this machine",
                                                     "This ONNX Runtime build has no CUDA EP (it is CPU-only)",
                                                     "-DWINML_ORT_ROOT=", "--ep-library NAME=PATH"};
  expect_error<EpUnavailableError>([&] { cpu_only.select_genai_ep("cuda", ""); }, cpu_only_needles);
  expect_error<EpUnavailableError>([&] { cpu_only.resolve_device("auto", "cuda"); }, cpu_only_needles);
  expect_error<EpUnavailableError>([&] { cpu_only.resolve_device("gpu", "cuda"); },
                                   {"not available for the gpu device", "no CUDA EP (it is CPU-only)"});

  FixedEpDiscovery openvino_build = testing::openvino_host();
  expect_error<EpUnavailableError>([&] { EpResolver(openvino_build).select_genai_ep("cuda", ""); },
                                   {"no CUDA EP (its built-in EPs: openvino, cpu)", "-DWINML_ORT_ROOT="});

  // An EP the build has, on a device it lacks here, keeps the machine's own message.
  FixedEpDiscovery laptop = testing::qnn_laptop();
  expect_error<EpUnavailableError>([&] { EpResolver(laptop).resolve_device("gpu", "cuda"); },
                                   {"no CUDA EP (its built-in EPs: dml, cpu)"});
  FixedEpDiscovery cuda = testing::cuda_box();
  try {
    EpResolver(cuda).resolve_device("npu", "qnn");
    ADD_FAILURE() << "no exception";
  } catch (const EpUnavailableError& e) {
    EXPECT_THAT(e.what(), HasSubstr("QNN EP"));  // QNN is not in the CUDA build either
  }
}

TEST(ResolveDeviceTest, ExplicitDevices) {
  auto laptop = resolver(testing::qnn_laptop());
  EXPECT_EQ(laptop.resolve_device("NPU"), "npu");
  EXPECT_EQ(laptop.resolve_device("gpu", "DmlExecutionProvider"), "gpu");
  EXPECT_EQ(laptop.resolve_device("gpu", "qnn"), "gpu");
  EXPECT_EQ(resolver(testing::openvino_host()).resolve_device("cpu", "openvino"), "cpu");
}

TEST(ResolveDeviceTest, UnavailableExplicitChoicesFailListingWhatExists) {
  expect_error<EpUnavailableError>(
      [] { resolver(testing::cpu_only()).resolve_device("npu"); },
      {"no execution provider for the npu device", "npu: (none); gpu: (none); cpu: cpu", "--ep-library"});
  expect_error<EpUnavailableError>(
      [] { resolver(testing::cuda_box()).resolve_device("npu", "qnn"); },
      {"QNNExecutionProvider is not available for the npu device", "gpu: tensorrt, cuda; cpu: cpu"});
  expect_error<EpUnavailableError>([] { resolver(testing::qnn_laptop()).resolve_device("gpu", "cuda"); },
                                   {"CUDAExecutionProvider", "gpu: qnn, dml"});
}

TEST(ResolveDeviceTest, RejectsUnknownNamesAndForbiddenPairs) {
  auto box = resolver(testing::cuda_box());
  expect_error<UsageError>([&] { box.resolve_device("tpu"); }, {"unknown device 'tpu'", "auto, npu, gpu, cpu"});
  expect_error<UsageError>([&] { box.resolve_device("config"); }, {"only applies to --runtime winml-genai"});
  expect_error<UsageError>([&] { box.resolve_device("gpu", "tpu"); }, {"unknown execution provider 'tpu'"});
  // Every pair the catalog forbids is a usage error, whatever the machine has.
  auto everything =
      resolver(FixedEpDiscovery({"NvTensorRTRTXExecutionProvider", "TensorrtExecutionProvider", "CUDAExecutionProvider",
                                 "MIGraphXExecutionProvider", "QNNExecutionProvider", "OpenVINOExecutionProvider",
                                 "DmlExecutionProvider", "CPUExecutionProvider", "VitisAIExecutionProvider"}));
  for (const auto& info : catalog()) {
    for (const auto& device : device_names()) {
      SCOPED_TRACE(info.alias + " on " + device);
      if (targets_device(info, device)) {
        EXPECT_EQ(everything.resolve_device(device, info.alias), device);
      } else {
        expect_error<UsageError>([&] { everything.resolve_device(device, info.alias); },
                                 {"does not run on the " + device + " device"});
      }
    }
  }
}

TEST(ResolveEpsTest, AvailableEpsInPriorityOrder) {
  EXPECT_THAT(resolver(testing::openvino_host()).resolve_eps("cpu"),
              ElementsAre("OpenVINOExecutionProvider", "CPUExecutionProvider"));
  EXPECT_THAT(resolver(testing::intel_laptop()).resolve_eps("gpu"),
              ElementsAre("OpenVINOExecutionProvider", "DmlExecutionProvider"));
  EXPECT_THAT(resolver(testing::cuda_box()).resolve_eps("auto"),
              ElementsAre("TensorrtExecutionProvider", "CUDAExecutionProvider"));
  EXPECT_THROW(resolver(testing::cpu_only()).resolve_eps("gpu"), EpUnavailableError);
}

TEST(ResolveGenaiEpTest, PrefersEpsWhosePrimaryDeviceIsTheRequestedOne) {
  struct Case {
    const char* machine;
    FixedEpDiscovery discovery;
    const char* device;
    std::optional<std::string> expected;
  };
  std::vector<Case> cases = {
      {"openvino host", testing::openvino_host(), "cpu", "cpu"},  // not OpenVINO
      {"openvino host", testing::openvino_host(), "npu", "openvino"},
      {"openvino host", testing::openvino_host(), "gpu", "openvino"},  // no GPU-native EP: the first
      {"intel laptop", testing::intel_laptop(), "gpu", "dml"},         // GPU-native over cross-device
      {"qnn laptop", testing::qnn_laptop(), "gpu", "dml"},
      {"qnn laptop", testing::qnn_laptop(), "npu", "qnn"},
      {"qnn laptop", testing::qnn_laptop(), "auto", "qnn"},
      {"cuda box", testing::cuda_box(), "gpu", "tensorrt"},
      {"cuda box", testing::cuda_box(), "auto", "tensorrt"},
      {"ryzen laptop", testing::ryzen_laptop(), "npu", "vitisai"},
      {"cpu only", testing::cpu_only(), "cpu", "cpu"},
      {"cpu only", testing::cpu_only(), "config", std::nullopt},
      {"cpu only", testing::cpu_only(), "", std::nullopt},
  };
  for (auto& c : cases) {
    SCOPED_TRACE(std::string(c.machine) + " --device " + c.device);
    EXPECT_EQ(resolver(c.discovery).resolve_genai_ep(c.device), c.expected);
  }
  EXPECT_THROW(resolver(testing::cpu_only()).resolve_genai_ep("npu"), EpUnavailableError);
  EXPECT_THROW(resolver(testing::cpu_only()).resolve_genai_ep("tpu"), UsageError);
}

TEST(SelectGenaiEpTest, ExplicitEpBeatsDeviceBeatsConfig) {
  struct Case {
    const char* what;
    FixedEpDiscovery discovery;
    const char* ep;
    const char* device;
    const char* expected_ep;      // alias, or "config"
    const char* expected_device;  // device, or "config"
  };
  std::vector<Case> cases = {
      {"nothing given", testing::qnn_laptop(), "", "", "config", "config"},
      {"--device config", testing::qnn_laptop(), "", "config", "config", "config"},
      {"--ep cpu only", testing::qnn_laptop(), "cpu", "config", "cpu", "config"},
      {"--ep qnn, no device", testing::qnn_laptop(), "QNNExecutionProvider", "", "qnn", "config"},
      {"--device cpu on openvino", testing::openvino_host(), "", "cpu", "cpu", "cpu"},
      {"--device npu", testing::qnn_laptop(), "", "npu", "qnn", "npu"},
      {"--device auto", testing::cuda_box(), "", "auto", "tensorrt", "gpu"},
      {"--ep wins over --device", testing::intel_laptop(), "openvino", "gpu", "openvino", "gpu"},
      {"--ep with --device auto", testing::qnn_laptop(), "dml", "auto", "dml", "gpu"},
  };
  for (auto& c : cases) {
    SCOPED_TRACE(c.what);
    EpChoice got = resolver(c.discovery).select_genai_ep(c.ep, c.device);
    EXPECT_EQ(got.ep_label(), c.expected_ep);
    EXPECT_EQ(got.device_label(), c.expected_device);
    EXPECT_EQ(got.respects_bundle(), std::string(c.expected_ep) == "config");
    if (!got.respects_bundle()) {
      EXPECT_EQ(got.info(), find_ep(c.expected_ep));
    }
  }
}

TEST(SelectOnnxEpTest, AlwaysOneConcreteEpAndDevice) {
  struct Case {
    const char* what;
    FixedEpDiscovery discovery;
    const char* ep;
    const char* device;
    const char* expected_ep;
    const char* expected_device;
  };
  std::vector<Case> cases = {
      {"nothing given: auto", testing::qnn_laptop(), "", "", "qnn", "npu"},
      {"device only: first available EP", testing::openvino_host(), "", "cpu", "openvino", "cpu"},
      {"ep only: its first available device", testing::qnn_laptop(), "dml", "", "dml", "gpu"},
      {"both", testing::intel_laptop(), "OpenVINOExecutionProvider", "GPU", "openvino", "gpu"},
  };
  for (auto& c : cases) {
    SCOPED_TRACE(c.what);
    EpChoice got = resolver(c.discovery).select_onnx_ep(c.ep, c.device);
    EXPECT_EQ(got.ep_label(), c.expected_ep);
    EXPECT_EQ(got.device(), c.expected_device);
  }
  EXPECT_THROW(resolver(testing::cpu_only()).select_onnx_ep("qnn", ""), EpUnavailableError);
  EXPECT_THROW(resolver(testing::cpu_only()).select_onnx_ep("", "config"), UsageError);
}

TEST(SelectGenaiEpTest, NeverFallsBackSilently) {
  expect_error<EpUnavailableError>([] { resolver(testing::cpu_only()).select_genai_ep("qnn", "config"); },
                                   {"QNNExecutionProvider is not available", "cpu: cpu"});
  expect_error<EpUnavailableError>([] { resolver(testing::cpu_only()).select_genai_ep("", "npu"); }, {"npu: (none)"});
  expect_error<UsageError>([] { resolver(testing::qnn_laptop()).select_genai_ep("cuda", "npu"); },
                           {"does not run on the npu device"});
  expect_error<UsageError>([] { resolver(testing::qnn_laptop()).select_genai_ep("", "tpu"); }, {"unknown device"});
}

}  // namespace
}  // namespace winml::ep
