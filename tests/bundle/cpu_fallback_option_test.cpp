// --no-cpu-fallback's config rewrite (bundle/cpu_fallback_option.h): accelerator stages only.
#include "bundle/cpu_fallback_option.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::bundle {
namespace {

// Decoder-level options on QNN; a stage following them, a CPU stage with its own options, an
// accelerator stage with its own, and a stage naming the CPU that inherits the decoder level's QNN.
constexpr const char* kRefusalPipeline = R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {
  "session_options": {"provider_options": [{"qnn": {"backend_path": "libQnnHtp.so"}}]},
  "pipeline": [
    {"follows": {"filename": "a.onnx"}},
    {"embed": {"filename": "b.onnx", "session_options": {"provider_options": []}}},
    {"ctx": {"filename": "c.onnx", "session_options": {"provider_options": [{"WinmlTestEP": {}}]}}},
    {"head": {"filename": "d.onnx", "inherit_session_options": true, "session_options": {"provider_options": [{"cpu": {}}]}}}]}}})";

constexpr const char* kKey = "session.disable_cpu_ep_fallback";

TEST(WithCpuFallbackDisabled, MarksAcceleratorSessionsAndKeepsCpuStagesOnTheCpu) {
  const ConfigJson patched = with_cpu_fallback_disabled(ConfigJson::parse(kRefusalPipeline));
  const auto& decoder = patched["model"]["decoder"];
  EXPECT_EQ(decoder["session_options"][kKey], "1");  // also what "follows" gets
  EXPECT_FALSE(decoder["pipeline"][1]["embed"]["session_options"].contains(kKey));
  EXPECT_EQ(decoder["pipeline"][2]["ctx"]["session_options"][kKey], "1");
  // Its providers are merged with the decoder level's (GenAI's inherit_session_options): on QNN too.
  EXPECT_EQ(decoder["pipeline"][3]["head"]["session_options"][kKey], "1");
  EXPECT_FALSE(decoder["pipeline"][0]["follows"].contains("session_options"));
}

TEST(WithCpuFallbackDisabled, CpuDecoderLevelIsLeftAlone) {
  const ConfigJson config = ConfigJson::parse(R"({"model": {"type": "llama", "context_length": 8, "decoder": {
      "filename": "model.onnx", "session_options": {"provider_options": []}}}})");
  EXPECT_EQ(with_cpu_fallback_disabled(config), config);
  const ConfigJson on_npu = ConfigJson::parse(R"({"model": {"type": "llama", "context_length": 8, "decoder": {
      "filename": "model.onnx", "session_options": {"provider_options": [{"OpenVINO": {"device_type": "NPU"}}]}}}})");
  EXPECT_EQ(with_cpu_fallback_disabled(on_npu)["model"]["decoder"]["session_options"][kKey], "1");
}

TEST(WithCpuFallbackDisabled, MalformedConfigIsALoadError) {
  EXPECT_THROW(with_cpu_fallback_disabled(ConfigJson::parse(R"({"model": {"type": "llama"}})")), UsageError);
}

}  // namespace
}  // namespace winml::bundle
