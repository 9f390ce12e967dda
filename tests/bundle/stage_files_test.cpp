#include "bundle/stage_files.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::HasSubstr;

// The filename of every stage, in order, as list_stages reads them back.
std::vector<std::string> stage_files(const ConfigJson& config) {
  std::vector<std::string> files;
  for (const auto& stage : list_stages(config)) files.push_back(stage.name + "=" + stage.filename);
  return files;
}

struct Case {
  const char* name;
  const char* config;
  std::vector<std::string> expected;
};

TEST(StageFiles, PointsOnlyTheNamedStagesAtTheirNewFiles) {
  const Case cases[] = {
      {"pipeline as a list",
       R"({"model": {"type": "decoder-pipeline", "decoder": {"pipeline": [
           {"embed": {"filename": "embed.onnx"}}, {"ctx": {"filename": "ctx.onnx"}, "iter": {"filename": "iter.onnx"}}]}}})",
       {"embed=embed.onnx", "ctx=ctx_qnn_ctx.onnx", "iter=iter_qnn_ctx.onnx"}},
      {"pipeline as one object",
       R"({"model": {"type": "decoder-pipeline", "decoder": {"pipeline": {
           "embed": {"filename": "embed.onnx"}, "ctx": {"filename": "ctx.onnx"}, "iter": {"filename": "iter.onnx"}}}}})",
       {"embed=embed.onnx", "ctx=ctx_qnn_ctx.onnx", "iter=iter_qnn_ctx.onnx"}},
      {"plain decoder",
       R"({"model": {"type": "llama", "decoder": {"filename": "model.onnx"}}})",
       {"decoder=model_qnn_ctx.onnx"}},
  };
  for (const auto& c : cases) {
    ConfigJson config = ConfigJson::parse(c.config);
    std::map<std::string, std::string> files = {{"ctx", "ctx_qnn_ctx.onnx"}, {"iter", "iter_qnn_ctx.onnx"}};
    if (!is_pipeline(config)) files = {{"decoder", "model_qnn_ctx.onnx"}};
    ConfigJson patched = with_stage_files(config, files);
    EXPECT_EQ(stage_files(patched), c.expected) << c.name;
    // Nothing else moved: putting the old names back gives the original text, key order included.
    std::map<std::string, std::string> old;
    for (const auto& stage : list_stages(config)) old[stage.name] = stage.filename;
    EXPECT_EQ(with_stage_files(patched, old).dump(), config.dump()) << c.name;
  }
}

TEST(StageFiles, UnknownStageIsAnErrorNotASilentNoOp) {
  ConfigJson config = ConfigJson::parse(
      R"({"model": {"type": "decoder-pipeline", "decoder": {"pipeline": [{"ctx": {"filename": "ctx.onnx"}}]}}})");
  try {
    with_stage_files(config, {{"decoder", "model_ctx.onnx"}});
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("'decoder'"));
  }
}

}  // namespace
}  // namespace winml::bundle
