// Reading and writing the intra-op threads of a config's sessions (bundle/intra_op_threads.h).
#include "bundle/intra_op_threads.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

// "stage=N" per stage ("stage=-" when the config sets nothing), in execution order.
std::vector<std::string> settings(const ConfigJson& config) {
  std::vector<std::string> out;
  for (const auto& stage : stage_thread_settings(config)) {
    out.push_back(stage.stage + "=" + (stage.intra_op_threads ? std::to_string(*stage.intra_op_threads) : "-"));
  }
  return out;
}

// A pipeline with one stage of each kind: no own options (decoder-level), own options that set
// threads, own options without threads (fresh options: GenAI's default), and own options that
// inherit the decoder-level ones.
constexpr const char* kPipeline = R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {
  "session_options": {"intra_op_num_threads": 4, "provider_options": []},
  "pipeline": [
    {"embed": {"filename": "embed.onnx"}},
    {"ctx": {"filename": "ctx.onnx", "session_options": {"intra_op_num_threads": 2, "provider_options": []}}},
    {"iter": {"filename": "iter.onnx", "session_options": {"log_id": "iter"}}},
    {"head": {"filename": "head.onnx", "inherit_session_options": true, "session_options": {"log_id": "head"}}}]}}})";

TEST(StageThreadSettings, FollowsGenaisInheritanceRules) {
  EXPECT_THAT(settings(ConfigJson::parse(kPipeline)), ::testing::ElementsAre("embed=4", "ctx=2", "iter=-", "head=4"));
}

TEST(StageThreadSettings, PlainDecoderUsesTheDecoderLevelValue) {
  EXPECT_THAT(settings(ConfigJson::parse(R"({"model": {"type": "llama", "context_length": 8, "decoder": {
                  "filename": "model.onnx", "session_options": {"intra_op_num_threads": 3}}}})")),
              ::testing::ElementsAre("decoder=3"));
  EXPECT_THAT(settings(ConfigJson::parse(
                  R"({"model": {"type": "llama", "context_length": 8, "decoder": {"filename": "model.onnx"}}})")),
              ::testing::ElementsAre("decoder=-"));
}

TEST(StageThreadSettings, RealShapedFixtures) {
  // Embeddings, ctx and iter set 2 themselves; lm_head has no options and the decoder level sets none.
  EXPECT_THAT(settings(testing::fixture("qnn_pipeline.json")),
              ::testing::ElementsAre("embeddings=2", "ctx=2", "iter=2", "lm_head=-"));
}

TEST(WithIntraOpThreads, SetsEveryHolderAndNothingElse) {
  const ConfigJson config = ConfigJson::parse(kPipeline);
  const ConfigJson patched = with_intra_op_threads(config, 7);
  EXPECT_THAT(settings(patched), ::testing::ElementsAre("embed=7", "ctx=7", "iter=7", "head=7"));
  // Undo the expected edits: what remains must equal the input, key order included.
  ConfigJson undone = patched;
  auto& decoder = undone["model"]["decoder"];
  decoder["session_options"]["intra_op_num_threads"] = 4;
  decoder["pipeline"][1]["ctx"]["session_options"]["intra_op_num_threads"] = 2;
  decoder["pipeline"][2]["iter"]["session_options"].erase("intra_op_num_threads");
  decoder["pipeline"][3]["head"]["session_options"].erase("intra_op_num_threads");
  EXPECT_EQ(undone.dump(), config.dump());
  EXPECT_FALSE(patched["model"]["decoder"]["pipeline"][0]["embed"].contains("session_options"))
      << "a stage without its own options keeps following the decoder-level ones";
}

TEST(WithIntraOpThreads, CreatesDecoderLevelOptionsWhenAbsent) {
  const ConfigJson config = testing::fixture("qnn_pipeline.json");
  ConfigJson plain = ConfigJson::parse(R"({"model": {"type": "llama", "context_length": 8, "decoder": {
      "filename": "model.onnx", "head_size": 8}}, "search": {"max_length": 8}})");
  const ConfigJson patched = with_intra_op_threads(plain, 2);
  EXPECT_EQ(patched["model"]["decoder"]["session_options"], ConfigJson::parse(R"({"intra_op_num_threads": 2})"));
  ConfigJson undone = patched;
  undone["model"]["decoder"].erase("session_options");
  EXPECT_EQ(undone.dump(), plain.dump());
  // The QNN fixture: lm_head (no own options) gets the value through the decoder level, and the
  // provider options stay as they were.
  const ConfigJson qnn = with_intra_op_threads(config, 1);
  EXPECT_THAT(settings(qnn), ::testing::ElementsAre("embeddings=1", "ctx=1", "iter=1", "lm_head=1"));
  EXPECT_EQ(qnn["model"]["decoder"]["pipeline"][0]["ctx"]["session_options"]["provider_options"],
            config["model"]["decoder"]["pipeline"][0]["ctx"]["session_options"]["provider_options"]);
}

TEST(WithIntraOpThreads, RefusesAMalformedConfig) {
  EXPECT_THROW(with_intra_op_threads(ConfigJson::parse(R"({"model": {"type": "decoder-pipeline", "decoder": {
                                         "pipeline": [{"ctx": {"filename": "ctx.onnx", "session_options": 3}}]}}})"),
                                     2),
               UsageError);
}

}  // namespace
}  // namespace winml::bundle
