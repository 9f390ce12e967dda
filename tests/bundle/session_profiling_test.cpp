// The profiling config: every stage's session gets its own profile prefix, with its routing kept.
#include "bundle/session_profiling.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "bundle/stage_list.h"

namespace winml::bundle {
namespace {

// The prefix as the platform joins it: a backslash before the stage name on Windows.
std::string joined(const char* dir, const char* stage) { return (std::filesystem::path(dir) / stage).string(); }

TEST(SessionProfiling, PlainDecoderProfilesAtDecoderLevel) {
  ConfigJson config = ConfigJson::parse(R"({"model":{"type":"llama","context_length":8,
    "decoder":{"filename":"model.onnx","session_options":{"intra_op_num_threads":2}}}})");
  ConfigJson out = with_session_profiling(config, "/tmp/prof");
  EXPECT_EQ(out["model"]["decoder"]["session_options"]["enable_profiling"], joined("/tmp/prof", "decoder"));
  EXPECT_EQ(out["model"]["decoder"]["session_options"]["intra_op_num_threads"], 2);
}

TEST(SessionProfiling, EveryStageGetsItsOwnPrefixAndKeepsItsProviders) {
  ConfigJson config = ConfigJson::parse(R"({"model":{"type":"decoder-pipeline","context_length":8,
    "decoder":{"session_options":{"provider_options":[]},
      "pipeline":[{"embed":{"filename":"e.onnx","inputs":[],"outputs":[]}},
                  {"ctx":{"filename":"c.onnx","inputs":[],"outputs":[],
                          "session_options":{"provider_options":[{"qnn":{"backend_path":"QnnHtp.dll"}}]}}}]}}})");
  const auto before = list_stages(config);
  ConfigJson out = with_session_profiling(config, "/p");
  const auto& pipeline = out["model"]["decoder"]["pipeline"];
  EXPECT_EQ(pipeline[0]["embed"]["session_options"]["enable_profiling"], joined("/p", "embed"));
  EXPECT_EQ(pipeline[1]["ctx"]["session_options"]["enable_profiling"], joined("/p", "ctx"));
  EXPECT_EQ(pipeline[1]["ctx"]["session_options"]["provider_options"][0]["qnn"]["backend_path"], "QnnHtp.dll");
  const auto after = list_stages(out);
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) EXPECT_EQ(after[i].ep, before[i].ep) << after[i].name;
  EXPECT_FALSE(out["model"]["decoder"]["session_options"].contains("enable_profiling"));
}

}  // namespace
}  // namespace winml::bundle
