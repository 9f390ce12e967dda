#include "bundle/ep_override.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bundle/stage_list.h"
#include "ep/plugin_eps.h"
#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::ElementsAre;
using testing::fixture;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using testing::override_names;

// The JSON of one pipeline stage, wherever the pipeline form puts it.
const ConfigJson& stage_json(const ConfigJson& config, const std::string& name) {
  const ConfigJson& pipeline = config.at("model").at("decoder").at("pipeline");
  if (pipeline.is_object()) return pipeline.at(name);
  for (const auto& entry : pipeline) {
    if (entry.contains(name)) return entry.at(name);
  }
  throw std::runtime_error("no stage " + name);
}

// The provider list a stage's session gets after the rewrite, as JSON text.
std::string routed(const ConfigJson& config, const std::string& name) {
  for (const auto& stage : list_stages(config)) {
    if (stage.name != name) continue;
    ConfigJson list = ConfigJson::array();
    for (const auto& entry : stage.providers) list.push_back(ConfigJson::object({{entry.name, entry.options}}));
    return list.dump();
  }
  throw std::runtime_error("no stage " + name);
}

std::vector<std::string> stage_eps(const ConfigJson& config) {
  std::vector<std::string> eps;
  for (const auto& stage : list_stages(config)) eps.push_back(stage.ep);
  return eps;
}

const std::string kQnnOptions =
    R"({"backend_path":"libQnnHtp.so","htp_performance_mode":"burst","htp_graph_finalization_optimization_mode":"3","soc_model":"60"})";

TEST(EpOverrideTest, RespectingTheBundleLeavesItUnchanged) {
  ConfigJson input = fixture("qnn_pipeline.json");
  for (const char* ep : {"", "config", "CONFIG"}) {
    SCOPED_TRACE(ep);
    OverrideResult result = override_names(input, ep);
    EXPECT_EQ(result.config, input);
    EXPECT_EQ(result.effective_ep, "config");
    EXPECT_FALSE(result.changed);
    EXPECT_THAT(result.warnings, IsEmpty());
  }
}

TEST(EpOverrideTest, CpuStripsHardwareStagesAndKeepsCpuStagesByteForByte) {
  ConfigJson input = fixture("qnn_pipeline.json");
  OverrideResult result = override_names(input, "cpu");
  EXPECT_TRUE(result.changed);
  EXPECT_EQ(result.effective_ep, "cpu");
  EXPECT_THAT(result.warnings, IsEmpty());
  EXPECT_THAT(stage_eps(result.config), ElementsAre("cpu", "cpu", "cpu", "cpu"));
  for (const char* name : {"ctx", "iter"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(stage_json(result.config, name).at("session_options").at("provider_options"), ConfigJson::array());
    // Only provider_options changes: thread settings and everything else stay.
    ConfigJson expected = stage_json(input, name);
    expected["session_options"]["provider_options"] = ConfigJson::array();
    EXPECT_EQ(stage_json(result.config, name).dump(), expected.dump());
  }
  for (const char* name : {"embeddings", "lm_head"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(stage_json(result.config, name).dump(), stage_json(input, name).dump());
  }
  EXPECT_EQ(result.config.at("model").at("decoder").at("session_options").dump(),
            input.at("model").at("decoder").at("session_options").dump());
  EXPECT_EQ(result.config.at("search"), input.at("search"));
}

TEST(EpOverrideTest, HardwareEpReroutesOnlyHardwareStages) {
  ConfigJson input = fixture("qnn_pipeline.json");
  OverrideResult result = override_names(input, "CUDAExecutionProvider");
  EXPECT_EQ(result.effective_ep, "cuda");
  EXPECT_THAT(result.warnings, IsEmpty());
  EXPECT_THAT(stage_eps(result.config), ElementsAre("cpu", "cuda", "cuda", "cpu"));
  EXPECT_EQ(routed(result.config, "ctx"), R"([{"cuda":{}}])");
  EXPECT_EQ(stage_json(result.config, "embeddings").dump(), stage_json(input, "embeddings").dump());
  EXPECT_EQ(stage_json(result.config, "lm_head").dump(), stage_json(input, "lm_head").dump());
}

TEST(EpOverrideTest, DeviceParameterisedEpsGetDeviceTypeSynthesised) {
  struct Case {
    const char* ep;
    const char* device;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"openvino", "", R"([{"openvino":{"device_type":"NPU"}}])"},  // the EP's primary device
      {"openvino", "gpu", R"([{"openvino":{"device_type":"GPU"}}])"},
      {"OpenVINO", "CPU", R"([{"openvino":{"device_type":"CPU"}}])"},
      {"vitisai", "", R"([{"vitisai":{"device_type":"NPU"}}])"},
      {"vitisai", "npu", R"([{"vitisai":{"device_type":"NPU"}}])"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.ep) + "/" + c.device);
    OverrideResult result = override_names(fixture("qnn_pipeline.json"), c.ep, c.device);
    EXPECT_EQ(routed(result.config, "ctx"), c.expected);
    EXPECT_EQ(routed(result.config, "iter"), c.expected);
    EXPECT_EQ(routed(result.config, "embeddings"), "[]");
    EXPECT_THAT(result.warnings, IsEmpty());
  }
}

// A plugin EP (a run-time catalog row) reaches its devices through GenAI's device filter.
TEST(EpOverrideTest, PluginEpsGetGenaiDeviceFilter) {
  ep::reset_runtime_eps();
  ep::add_runtime_ep(ep::plugin_ep_row("AcmeEP", {"npu", "gpu", "cpu"}));
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"", R"([{"AcmeEP":{"device_filtering_options":{"hardware_device_type":"NPU"}}}])"},  // primary device
      {"gpu", R"([{"AcmeEP":{"device_filtering_options":{"hardware_device_type":"GPU"}}}])"},
  };
  for (const auto& [device, expected] : cases) {
    SCOPED_TRACE(device);
    OverrideResult result = override_names(fixture("qnn_pipeline.json"), "acmeep", device);
    EXPECT_EQ(routed(result.config, "ctx"), expected);
    EXPECT_EQ(routed(result.config, "embeddings"), "[]");
    EXPECT_EQ(result.effective_ep, "acmeep");
  }
  ep::reset_runtime_eps();
}

TEST(EpOverrideTest, QnnWithoutOptionsToReuseWarns) {
  OverrideResult result = override_names(fixture("openvino_pipeline.json"), "qnn", "npu");
  EXPECT_EQ(result.effective_ep, "qnn");
  EXPECT_EQ(routed(result.config, "transformer"), R"([{"qnn":{}}])");
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_THAT(result.warnings[0], HasSubstr("backend_path"));
  EXPECT_THAT(result.warnings[0], HasSubstr("stage transformer"));
}

TEST(EpOverrideTest, OwnOptionsAreReusedWhenStageAlreadyTargetsTheEp) {
  ConfigJson input = fixture("qnn_pipeline.json");
  input["model"]["decoder"]["pipeline"][0]["iter"]["session_options"]["provider_options"] =
      ConfigJson::parse(R"([{"dml": {}}])");
  OverrideResult result = override_names(input, "QNN");
  // ctx keeps its own entry untouched; iter borrows ctx's QNN options.
  EXPECT_EQ(stage_json(result.config, "ctx").dump(), stage_json(input, "ctx").dump());
  EXPECT_EQ(routed(result.config, "iter"), "[{\"qnn\":" + kQnnOptions + "}]");
  EXPECT_EQ(result.effective_ep, "qnn");
  EXPECT_THAT(result.warnings, IsEmpty());
}

TEST(EpOverrideTest, BorrowsFirstNonEmptyOptionsFromDecoderLevel) {
  ConfigJson input = fixture("openvino_pipeline.json");
  input["model"]["decoder"]["session_options"] =
      ConfigJson::parse(R"({"provider_options": [{"QNN": {}}, {"qnn": {"backend_path": "libQnnHtp.so"}}]})");
  OverrideResult result = override_names(input, "qnn");
  EXPECT_EQ(routed(result.config, "transformer"), R"([{"qnn":{"backend_path":"libQnnHtp.so"}}])");
  EXPECT_THAT(result.warnings, IsEmpty());
}

TEST(EpOverrideTest, OpenVinoPipelineReusesOwnOptionsAndAppliesExplicitDevice) {
  ConfigJson input = fixture("openvino_pipeline.json");
  OverrideResult same = override_names(input, "openvino", "npu");
  EXPECT_FALSE(same.changed);  // already NPU
  EXPECT_EQ(same.effective_ep, "config");
  ASSERT_EQ(same.warnings.size(), 1u);
  EXPECT_THAT(same.warnings[0], HasSubstr("already routes"));

  OverrideResult gpu = override_names(input, "openvino", "gpu");
  EXPECT_TRUE(gpu.changed);
  EXPECT_EQ(gpu.effective_ep, "openvino");
  std::vector<StageInfo> stages = list_stages(gpu.config);
  const ProviderEntry& entry = stages.at(1).providers.at(0);
  EXPECT_EQ(entry.name, "OpenVINO");  // the bundle's own spelling is kept
  EXPECT_EQ(entry.options.at("device_type"), "GPU");
  EXPECT_EQ(entry.options.at("cache_dir"), "ov_cache");  // the rest of the bundle's options stay
}

TEST(EpOverrideTest, OpenVinoPipelineToCpuKeepsStageOrder) {
  ConfigJson input = fixture("openvino_pipeline.json");
  OverrideResult result = override_names(input, "cpu");
  EXPECT_EQ(result.effective_ep, "cpu");
  auto stages = list_stages(result.config);
  ASSERT_EQ(stages.size(), 3u);
  EXPECT_EQ(stages[0].name, "embeddings");
  EXPECT_EQ(stages[1].name, "transformer");
  EXPECT_EQ(stages[2].name, "lm_head");
  EXPECT_EQ(stage_json(result.config, "embeddings").dump(), stage_json(input, "embeddings").dump());  // [{}] kept
  EXPECT_EQ(routed(result.config, "transformer"), "[]");
}

TEST(EpOverrideTest, PlainCudaDecoder) {
  struct Case {
    const char* ep;
    const char* device;
    const char* expected_list;
    const char* expected_ep;
    bool warns;
  };
  const std::vector<Case> cases = {
      {"cpu", "", "[]", "cpu", false},
      {"nvtensorrtrtx", "", R"([{"NvTensorRtRtx":{}}])", "nvtensorrtrtx", false},
      {"nv_tensorrt_rtx", "gpu", R"([{"NvTensorRtRtx":{}}])", "nvtensorrtrtx", false},
      {"tensorrt", "", R"([{"TensorrtExecutionProvider":{}}])", "tensorrt", false},
      {"dml", "", R"([{"dml":{}}])", "dml", false},
      {"openvino", "cpu", R"([{"openvino":{"device_type":"CPU"}}])", "openvino", false},
      {"qnn", "", R"([{"qnn":{}}])", "qnn", true},
  };
  ConfigJson input = fixture("cuda_decoder.json");
  for (const auto& c : cases) {
    SCOPED_TRACE(c.ep);
    OverrideResult result = override_names(input, c.ep, c.device);
    const ConfigJson& session = result.config.at("model").at("decoder").at("session_options");
    EXPECT_EQ(session.at("provider_options").dump(), c.expected_list);
    EXPECT_EQ(session.at("log_id"), "onnxruntime-genai");
    EXPECT_EQ(result.effective_ep, c.expected_ep);
    EXPECT_EQ(result.warnings.size(), c.warns ? 1u : 0u);
  }
  OverrideResult same = override_names(input, "cuda");
  EXPECT_FALSE(same.changed);
  EXPECT_EQ(same.effective_ep, "config");
}

TEST(EpOverrideTest, AllCpuPipelineOverrideIsANoOp) {
  ConfigJson input = fixture("cpu_pipeline.json");
  for (const char* ep : {"cpu", "qnn", "openvino", "cuda"}) {
    SCOPED_TRACE(ep);
    OverrideResult result = override_names(input, ep);
    EXPECT_FALSE(result.changed);
    EXPECT_EQ(result.config.dump(), input.dump());
    // --ep cpu on an all-CPU bundle runs on the CPU and says so (a device comparison reads
    // "ep cpu → X"); an accelerator that changed nothing runs as configured.
    EXPECT_EQ(result.effective_ep, std::string(ep) == "cpu" ? "cpu" : "config");
    ASSERT_EQ(result.warnings.size(), 1u);
    EXPECT_THAT(result.warnings[0], HasSubstr("had no effect"));
  }
}

TEST(EpOverrideTest, TheNoOpWarningOnACpuBundleNamesTheFlagThatRoutesEveryStage) {
  OverrideResult result = override_names(fixture("cpu_pipeline.json"), "openvino");
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_THAT(result.warnings[0], HasSubstr("CPU stages are never re-routed by default"));
  EXPECT_THAT(result.warnings[0], HasSubstr("pass --ep-all-stages"));
}

// The layout `winml bundle synth` writes: the decoder-level list ([]) that ctx and iter follow,
// and CPU lists of their own for embeddings and lm_head.
ConfigJson synthesised_pipeline() {
  ConfigJson input = fixture("cpu_pipeline.json");
  auto& pipeline = input["model"]["decoder"]["pipeline"];
  pipeline[0]["embeddings"]["session_options"] = ConfigJson::parse(R"({"provider_options": []})");
  pipeline[1]["ctx"].erase("session_options");
  pipeline[2]["iter"].erase("session_options");
  pipeline[3]["lm_head"]["session_options"] = ConfigJson::parse(R"({"provider_options": []})");
  input["model"]["decoder"]["session_options"] = ConfigJson::parse(R"({"provider_options": []})");
  return input;
}

TEST(EpOverrideTest, AllStagesRoutesCpuStagesToo) {
  for (const ConfigJson& input : {fixture("cpu_pipeline.json"), synthesised_pipeline()}) {
    OverrideResult result = override_bundle_ep(input, EpChoice::parse("openvino", "gpu").with_all_stages());
    EXPECT_TRUE(result.changed);
    EXPECT_EQ(result.effective_ep, "openvino");
    EXPECT_THAT(result.warnings, IsEmpty());
    EXPECT_THAT(stage_eps(result.config), ElementsAre("openvino", "openvino", "openvino", "openvino"));
    EXPECT_EQ(routed(result.config, "embeddings"), R"([{"openvino":{"device_type":"GPU"}}])");
  }
  // A hardware bundle: its CPU stages join the hardware ones, which keep their own options.
  OverrideResult qnn = override_bundle_ep(fixture("qnn_pipeline.json"), EpChoice::parse("qnn").with_all_stages());
  EXPECT_THAT(stage_eps(qnn.config), ElementsAre("qnn", "qnn", "qnn", "qnn"));
  EXPECT_EQ(routed(qnn.config, "lm_head"), "[{\"qnn\":" + kQnnOptions + "}]");
  EXPECT_THAT(qnn.warnings, IsEmpty());
}

TEST(EpOverrideTest, AllStagesOnAPluginEpGivesEveryStageTheDeviceFilter) {
  ep::reset_runtime_eps();
  ep::add_runtime_ep(ep::plugin_ep_row("AcmeEP", {"npu", "gpu", "cpu"}));
  OverrideResult result = override_bundle_ep(synthesised_pipeline(), EpChoice::parse("acmeep").with_all_stages());
  for (const char* name : {"embeddings", "ctx", "iter", "lm_head"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(routed(result.config, name),
              R"([{"AcmeEP":{"device_filtering_options":{"hardware_device_type":"NPU"}}}])");
  }
  EXPECT_EQ(result.effective_ep, "acmeep");
  ep::reset_runtime_eps();
}

TEST(EpOverrideTest, AllStagesToCpuIsTheSameAsCpu) {
  for (const char* fixture_name : {"qnn_pipeline.json", "cpu_pipeline.json", "cuda_decoder.json"}) {
    SCOPED_TRACE(fixture_name);
    ConfigJson input = fixture(fixture_name);
    OverrideResult all = override_bundle_ep(input, EpChoice::parse("cpu").with_all_stages());
    OverrideResult plain = override_names(input, "cpu");
    EXPECT_EQ(all.config.dump(), plain.config.dump());
    EXPECT_EQ(all.effective_ep, plain.effective_ep);
  }
}

TEST(EpOverrideTest, AllStagesNeedsAnEp) { EXPECT_THROW(EpChoice{}.with_all_stages(), UsageError); }

TEST(EpOverrideTest, ANewBundleGetsItsDecoderLevelStagesRouted) {
  OverrideResult result = route_new_bundle(synthesised_pipeline(), EpChoice::parse("openvino"));
  EXPECT_THAT(stage_eps(result.config), ElementsAre("cpu", "openvino", "openvino", "cpu"));
  EXPECT_EQ(routed(result.config, "ctx"), R"([{"openvino":{"device_type":"NPU"}}])");
  EXPECT_THAT(result.warnings, IsEmpty());

  OverrideResult all = route_new_bundle(synthesised_pipeline(), EpChoice::parse("openvino").with_all_stages());
  EXPECT_THAT(stage_eps(all.config), ElementsAre("openvino", "openvino", "openvino", "openvino"));

  ConfigJson plain = fixture("cuda_decoder.json");
  plain["model"]["decoder"]["session_options"]["provider_options"] = ConfigJson::array();
  OverrideResult decoder = route_new_bundle(plain, EpChoice::parse("dml"));
  EXPECT_EQ(decoder.config.at("model").at("decoder").at("session_options").at("provider_options").dump(),
            R"([{"dml":{}}])");
}

TEST(EpOverrideTest, StagesInheritingDecoderLevelOptionsFollowIt) {
  // ctx/iter have no session_options: they run on the decoder-level QNN list; the CPU stages
  // have their own empty lists.
  ConfigJson input = fixture("cpu_pipeline.json");
  auto& pipeline = input["model"]["decoder"]["pipeline"];
  pipeline[0]["embeddings"]["session_options"] = ConfigJson::parse(R"({"provider_options": []})");
  pipeline[1]["ctx"].erase("session_options");
  pipeline[2]["iter"].erase("session_options");
  pipeline[3]["lm_head"]["session_options"] = ConfigJson::parse(R"({"provider_options": []})");
  input["model"]["decoder"]["session_options"] =
      ConfigJson::parse(R"({"provider_options": [{"qnn": {"backend_path": "libQnnHtp.so"}}]})");
  ASSERT_THAT(stage_eps(input), ElementsAre("cpu", "qnn", "qnn", "cpu"));

  OverrideResult vino = override_names(input, "openvino", "gpu");
  EXPECT_THAT(stage_eps(vino.config), ElementsAre("cpu", "openvino", "openvino", "cpu"));
  EXPECT_EQ(routed(vino.config, "ctx"), R"([{"openvino":{"device_type":"GPU"}}])");
  EXPECT_EQ(vino.effective_ep, "openvino");

  OverrideResult cpu = override_names(input, "cpu");
  EXPECT_THAT(stage_eps(cpu.config), ElementsAre("cpu", "cpu", "cpu", "cpu"));
  EXPECT_EQ(cpu.effective_ep, "cpu");
}

// Names and devices are checked when the EpChoice is made (ep_choice_test.cpp); the override
// itself still refuses a malformed config before rewriting anything.
TEST(EpOverrideTest, RejectsAMalformedConfig) {
  ConfigJson input = fixture("qnn_pipeline.json");
  ConfigJson broken = input;
  broken["model"]["decoder"]["pipeline"][0]["ctx"]["filename"] = "../../etc/x.onnx";
  EXPECT_THROW(override_names(broken, "cpu"), UsageError);
}

TEST(EpOverrideTest, ConfigEpReportsWhereTheBundleRuns) {
  EXPECT_EQ(config_ep(fixture("qnn_pipeline.json")), "qnn");
  EXPECT_EQ(config_ep(fixture("openvino_pipeline.json")), "openvino");
  EXPECT_EQ(config_ep(fixture("cuda_decoder.json")), "cuda");
  EXPECT_EQ(config_ep(fixture("cpu_pipeline.json")), "cpu");
}

}  // namespace
}  // namespace winml::bundle
