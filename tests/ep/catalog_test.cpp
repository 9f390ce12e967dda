#include "ep/catalog.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ep/genai_provider.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The catalog of docs/execution-providers.md, row by row: canonical name, alias, devices (primary
// first), EPContext.
struct Row {
  const char* canonical;
  const char* alias;
  std::vector<std::string> devices;
  bool epcontext;
};
const std::vector<Row> kSpecTable = {
    {"NvTensorRTRTXExecutionProvider", "nvtensorrtrtx", {"gpu"}, true},
    {"TensorrtExecutionProvider", "tensorrt", {"gpu"}, true},
    {"CUDAExecutionProvider", "cuda", {"gpu"}, false},
    {"MIGraphXExecutionProvider", "migraphx", {"gpu"}, false},
    {"QNNExecutionProvider", "qnn", {"npu", "gpu"}, true},
    {"OpenVINOExecutionProvider", "openvino", {"npu", "gpu", "cpu"}, true},
    {"DmlExecutionProvider", "dml", {"gpu"}, false},
    {"CPUExecutionProvider", "cpu", {"cpu"}, false},
    {"VitisAIExecutionProvider", "vitisai", {"npu"}, true},
};

TEST(CatalogTest, MatchesSpecTableInPriorityOrder) {
  ASSERT_EQ(catalog().size(), kSpecTable.size());
  for (std::size_t i = 0; i < kSpecTable.size(); ++i) {
    SCOPED_TRACE(kSpecTable[i].canonical);
    const EpInfo& info = catalog()[i];
    EXPECT_EQ(info.canonical, kSpecTable[i].canonical);
    EXPECT_EQ(info.alias, kSpecTable[i].alias);
    EXPECT_EQ(info.aliases.front(), info.alias);
    EXPECT_EQ(info.devices, kSpecTable[i].devices);
    EXPECT_EQ(primary_device(info), kSpecTable[i].devices.front());
    EXPECT_EQ(info.epcontext, kSpecTable[i].epcontext);
  }
}

TEST(CatalogTest, EveryEpDevicePair) {
  for (const auto& row : kSpecTable) {
    const EpInfo& info = require_ep(row.canonical);
    for (const auto& device : device_names()) {
      SCOPED_TRACE(std::string(row.canonical) + " x " + device);
      bool listed = std::find(row.devices.begin(), row.devices.end(), device) != row.devices.end();
      EXPECT_EQ(targets_device(info, device), listed);
      EXPECT_EQ(targets_device(info, device == "npu" ? "NPU" : device), listed);
    }
  }
}

TEST(CatalogTest, NamesAndAliasesAreCaseInsensitive) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"qnn", "QNNExecutionProvider"},
      {"QNN", "QNNExecutionProvider"},
      {"qnnexecutionprovider", "QNNExecutionProvider"},
      {"nvtensorrtrtx", "NvTensorRTRTXExecutionProvider"},
      {"nv_tensorrt_rtx", "NvTensorRTRTXExecutionProvider"},
      {"NV_TENSORRT_RTX", "NvTensorRTRTXExecutionProvider"},
      {"NvTensorRtRtx", "NvTensorRTRTXExecutionProvider"},
      {"TensorRT", "TensorrtExecutionProvider"},
      {"CUDA", "CUDAExecutionProvider"},
      {"MIGraphX", "MIGraphXExecutionProvider"},
      {"OpenVINO", "OpenVINOExecutionProvider"},
      {"DML", "DmlExecutionProvider"},
      {"DmlExecutionProvider", "DmlExecutionProvider"},
      {"Cpu", "CPUExecutionProvider"},
      {"VitisAI", "VitisAIExecutionProvider"},
  };
  for (const auto& [name, canonical] : cases) {
    SCOPED_TRACE(name);
    EXPECT_EQ(normalize_ep_name(name), canonical);
    ASSERT_NE(find_ep(name), nullptr);
  }
}

TEST(CatalogTest, UnknownNameListsValidOnes) {
  EXPECT_EQ(find_ep("webgpu"), nullptr);
  EXPECT_EQ(find_ep(""), nullptr);
  try {
    normalize_ep_name("tpu");
    ADD_FAILURE() << "unknown EP accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("'tpu'"));
    for (const auto& row : kSpecTable) {
      EXPECT_THAT(e.what(), HasSubstr(row.canonical));
      EXPECT_THAT(e.what(), HasSubstr(row.alias));
    }
  }
}

TEST(CatalogTest, Devices) {
  EXPECT_THAT(device_names(), ElementsAre("npu", "gpu", "cpu"));
  EXPECT_EQ(normalize_device("GPU"), "gpu");
  EXPECT_EQ(normalize_device("auto"), std::nullopt);
  EXPECT_EQ(require_device("Npu"), "npu");
  EXPECT_THROW(require_device("tpu"), UsageError);
  EXPECT_TRUE(is_cpu(require_ep("cpu")));
  EXPECT_FALSE(is_cpu(require_ep("openvino")));
}

TEST(CatalogTest, GenaiProviderNamesAreSpellingsGenaiNormalises) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"nvtensorrtrtx", "NvTensorRtRtx"},
      {"tensorrt", "TensorrtExecutionProvider"},
      {"cuda", "cuda"},
      {"migraphx", "MIGraphXExecutionProvider"},
      {"qnn", "qnn"},
      {"openvino", "openvino"},
      {"dml", "dml"},
      {"cpu", "cpu"},
      {"vitisai", "vitisai"},
  };
  ASSERT_EQ(cases.size(), catalog().size());
  for (const auto& [alias, genai] : cases) {
    SCOPED_TRACE(alias);
    EXPECT_EQ(genai_provider_name(require_ep(alias)), genai);
  }
}

TEST(CatalogTest, OptionTraits) {
  for (const auto& info : catalog()) {
    SCOPED_TRACE(info.canonical);
    bool device_typed = info.alias == "openvino" || info.alias == "vitisai";
    EXPECT_EQ(takes_device_type(info), device_typed);
    EXPECT_EQ(needs_backend_options(info), info.alias == "qnn");
  }
  EXPECT_EQ(device_type_value("npu"), "NPU");
}

}  // namespace
}  // namespace winml::ep
