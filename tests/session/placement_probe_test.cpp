// The probe session of a bundle stage (session/placement_probe.h): opened as GenAI opens the stage.
#include "session/placement_probe.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "bundle/genai_config.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

constexpr const char* kProbedPipeline = R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {
  "session_options": {"intra_op_num_threads": 3, "graph_optimization_level": "ORT_ENABLE_BASIC",
                      "session.use_env_allocators": "1"},
  "pipeline": [
    {"embed": {"filename": "embed.onnx"}},
    {"ctx": {"filename": "ctx_qnn_ctx.onnx", "session_options": {
      "ep.context_enable": "1", "ep.context_file_path": "x.onnx", "session.disable_cpu_ep_fallback": "1",
      "enable_profiling": "prof", "session.intra_op.allow_spinning": "0", "log_id": "ctx",
      "provider_options": [{"qnn": {"backend_path": "libQnnHtp.so",
                                    "device_filtering_options": {"hardware_device_type": "NPU"}}}]}}},
    {"head": {"filename": "head.onnx", "inherit_session_options": true,
              "session_options": {"provider_options": [{"OpenVINO": {"device_type": "GPU"}}]}}}]}}})";

// A stage's model path as the platform joins it: a backslash before the file name on Windows.
std::string in_bundle(const char* file) { return (std::filesystem::path("/bundles/b") / file).string(); }

bundle::GenaiConfig probed_config() {
  return bundle::parse_genai_config(bundle::ConfigJson::parse(kProbedPipeline), "/bundles/b");
}

TEST(ProbeSessionSpec, StageWithoutOptionsTakesTheDecoderLevel) {
  const auto config = probed_config();
  const engine::SessionSpec spec = probe_session_spec(config, config.stages[0]);
  EXPECT_EQ(spec.model_path, in_bundle("embed.onnx"));
  EXPECT_TRUE(spec.providers.empty());
  EXPECT_EQ(spec.intra_op_threads, 3);
  EXPECT_EQ(spec.graph_optimization_level, "ORT_ENABLE_BASIC");
  EXPECT_THAT(spec.config_entries, ElementsAre(Pair("session.use_env_allocators", "1")));
}

TEST(ProbeSessionSpec, OwnOptionsWithTheirEpDeviceAndEntriesButNothingThatWritesOrRefuses) {
  const auto config = probed_config();
  const engine::SessionSpec spec = probe_session_spec(config, config.stages[1]);
  EXPECT_EQ(spec.model_path, in_bundle("ctx_qnn_ctx.onnx"));  // the compiled artifact the config names
  ASSERT_EQ(spec.providers.size(), 1u);
  EXPECT_EQ(spec.providers[0].name, "QNNExecutionProvider");
  EXPECT_EQ(spec.providers[0].legacy_name, "QNN");
  EXPECT_EQ(spec.providers[0].device_type, "npu");
  EXPECT_THAT(spec.providers[0].options, ElementsAre(Pair("backend_path", "libQnnHtp.so")));
  // Fresh options (no inherit): none of the decoder level's.
  EXPECT_EQ(spec.intra_op_threads, 0);
  EXPECT_TRUE(spec.graph_optimization_level.empty());
  EXPECT_THAT(spec.config_entries, ElementsAre(Pair("session.intra_op.allow_spinning", "0")));
}

TEST(ProbeSessionSpec, InheritingStageMergesTheDecoderLevel) {
  const auto config = probed_config();
  const engine::SessionSpec spec = probe_session_spec(config, config.stages[2]);
  ASSERT_EQ(spec.providers.size(), 1u);
  EXPECT_EQ(spec.providers[0].name, "OpenVINOExecutionProvider");
  EXPECT_THAT(spec.providers[0].options, ElementsAre(Pair("device_type", "GPU")));
  EXPECT_EQ(spec.intra_op_threads, 3);
  EXPECT_EQ(spec.graph_optimization_level, "ORT_ENABLE_BASIC");
}

TEST(ProbeSessionSpec, UnknownEpIsALoadError) {
  auto json = bundle::ConfigJson::parse(kProbedPipeline);
  json["model"]["decoder"]["pipeline"][1]["ctx"]["session_options"]["provider_options"] =
      bundle::ConfigJson::parse(R"([{"NoSuchEP": {}}])");
  const auto config = bundle::parse_genai_config(json, "/bundles/b");
  EXPECT_THROW(probe_session_spec(config, config.stages[1]), GenaiLoadError);
}

}  // namespace
}  // namespace winml::session
