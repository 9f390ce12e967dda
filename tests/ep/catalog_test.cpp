#include "ep/catalog.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "compile/compile_config.h"
#include "ep/ort_providers.h"
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

TEST(CatalogTest, GenaiNamesAreSpellingsGenaiNormalises) {
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
    EXPECT_EQ(require_ep(alias).genai_name, genai);
  }
}

TEST(CatalogTest, OptionColumns) {
  for (const auto& info : catalog()) {
    SCOPED_TRACE(info.canonical);
    bool device_typed = info.alias == "openvino" || info.alias == "vitisai";
    EXPECT_EQ(info.device_option, device_typed ? "device_type" : "");
    EXPECT_EQ(info.compile_sets_device, info.alias == "openvino");
    EXPECT_EQ(info.required_options.empty(), info.alias != "qnn");
    EXPECT_EQ(info.hardware, info.alias != "cpu");
  }
  EXPECT_EQ(device_option_value("npu"), "NPU");
  EXPECT_TRUE(device_option_selects("GPU.1", "gpu"));
  EXPECT_TRUE(device_option_selects("npu", "npu"));
  EXPECT_FALSE(device_option_selects("CPU", "gpu"));
}

// Adding an EP is adding one row: every consumer of the catalog (name lookup, the bundle
// override's provider key, device option synthesis, compile configuration, ONNX Runtime provider
// specs) must follow that row's columns, with no name special-cased elsewhere. Checked for every
// row and every device, so a new row is covered without touching this test.
TEST(CatalogTest, EveryConsumerFollowsTheRow) {
  std::set<std::string> names;
  for (const auto& info : catalog()) {
    SCOPED_TRACE(info.canonical);
    // Identity: every name is unique and finds this row, including what the override writes.
    ASSERT_FALSE(info.aliases.empty());
    EXPECT_EQ(info.aliases.front(), info.alias);
    for (const auto& name : info.aliases) EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_TRUE(names.insert(info.canonical).second);
    EXPECT_EQ(find_ep(info.canonical), &info);
    EXPECT_EQ(find_ep(info.genai_name), &info);
    EXPECT_FALSE(info.ort_short_name.empty());
    // Devices: known names, primary first, no repeats.
    ASSERT_FALSE(info.devices.empty());
    EXPECT_EQ(std::set<std::string>(info.devices.begin(), info.devices.end()).size(), info.devices.size());
    for (const auto& device : info.devices) EXPECT_TRUE(normalize_device(device).has_value()) << device;
    // A compile that sets the device needs a device option and an EPContext-capable EP.
    if (info.compile_sets_device) {
      EXPECT_FALSE(info.device_option.empty());
      EXPECT_TRUE(info.epcontext);
    }
    for (const auto& device : device_names()) {
      SCOPED_TRACE(device);
      bool targeted = targets_device(info, device);
      ProviderOptions synthesised = synthesised_options(info, device);
      EXPECT_EQ(synthesised.empty(), info.device_option.empty());
      if (!synthesised.empty()) {
        EXPECT_EQ(synthesised.at(info.device_option), device_option_value(device));
      }

      compile::CompileConfig compile = compile::compile_config_for(info, device, {});
      EXPECT_EQ(compile.ep, info.canonical);
      EXPECT_EQ(compile.alias, info.alias);
      EXPECT_EQ(compile.epcontext, info.epcontext && targeted);
      EXPECT_EQ(compile.options, compile.epcontext && info.compile_sets_device ? synthesised : ProviderOptions{});
      EXPECT_EQ(compile.reason.empty(), compile.epcontext);
      if (!targeted) continue;

      EpChoice choice = EpChoice::of(info, device);
      std::vector<engine::ProviderSpec> providers = ort_providers(choice);
      if (!info.hardware) {
        EXPECT_TRUE(providers.empty());  // ONNX Runtime always has the CPU EP
        continue;
      }
      ASSERT_EQ(providers.size(), 1U);
      EXPECT_EQ(providers[0].name, info.canonical);
      EXPECT_EQ(providers[0].legacy_name, info.ort_short_name);
      EXPECT_EQ(providers[0].device_type, device);
      EXPECT_EQ(providers[0].options, synthesised);
    }
  }
}

}  // namespace
}  // namespace winml::ep
