#include "bundle/genai_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bundle/stage_list.h"
#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::ElementsAre;
using testing::fixture;
using ::testing::HasSubstr;
using testing::TempDir;
using testing::write_text;

std::vector<std::string> names(const std::vector<StageInfo>& stages) {
  std::vector<std::string> out;
  for (const auto& stage : stages) out.push_back(stage.name);
  return out;
}

// Expects parse_genai_config(json) to throw UsageError mentioning `needle`.
void expect_load_error(const ConfigJson& json, const std::string& needle) {
  try {
    parse_genai_config(json);
    ADD_FAILURE() << "no error for: " << json.dump();
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr(needle));
  }
}

TEST(GenaiConfigTest, QnnPipelineStagesInExecutionOrderWithRouting) {
  GenaiConfig config = parse_genai_config(fixture("qnn_pipeline.json"), "/bundles/phi");
  EXPECT_TRUE(config.is_pipeline);
  EXPECT_EQ(config.model_type, "decoder-pipeline");
  EXPECT_EQ(config.context_length, 4096);
  EXPECT_EQ(config.vocab_size, 32064);
  EXPECT_THAT(config.eos_token_ids, ElementsAre(32007, 32001, 32000));
  ASSERT_THAT(names(config.stages), ElementsAre("embeddings", "ctx", "iter", "lm_head"));
  const auto& ctx = config.stages[1];
  EXPECT_EQ(ctx.filename, "ctx.onnx");
  EXPECT_EQ(ctx.ep, "qnn");
  ASSERT_EQ(ctx.providers.size(), 1u);
  EXPECT_EQ(ctx.providers[0].options.at("backend_path"), "libQnnHtp.so");
  EXPECT_TRUE(ctx.run_on_prompt);
  EXPECT_FALSE(ctx.run_on_token_gen);
  EXPECT_FALSE(config.stages[2].run_on_prompt);
  EXPECT_TRUE(config.stages[2].run_on_token_gen);
  EXPECT_EQ(config.stages[0].ep, "cpu");
  EXPECT_EQ(config.stages[3].ep, "cpu");
  EXPECT_FALSE(config.stages[3].own_session_options);  // lm_head follows the decoder-level list
  EXPECT_EQ(config.stage_path(ctx), std::filesystem::path("/bundles/phi/ctx.onnx"));
}

TEST(GenaiConfigTest, ObjectPipelineKeepsWrittenOrder) {
  GenaiConfig config = parse_genai_config(fixture("openvino_pipeline.json"));
  EXPECT_THAT(names(config.stages), ElementsAre("embeddings", "transformer", "lm_head"));
  EXPECT_EQ(config.stages[0].ep, "cpu");  // [{}] means CPU
  EXPECT_EQ(config.stages[1].ep, "openvino");
  EXPECT_THAT(config.eos_token_ids, ElementsAre(128001));
}

TEST(GenaiConfigTest, PlainDecoderIsOneStageOnDecoderLevelOptions) {
  GenaiConfig config = parse_genai_config(fixture("cuda_decoder.json"));
  EXPECT_FALSE(config.is_pipeline);
  ASSERT_EQ(config.stages.size(), 1u);
  EXPECT_EQ(config.stages[0].name, "decoder");
  EXPECT_EQ(config.stages[0].filename, "model.onnx");
  EXPECT_EQ(config.stages[0].ep, "cuda");
}

TEST(GenaiConfigTest, StagesWithoutSessionOptionsInheritDecoderLevelProviders) {
  ConfigJson json = fixture("cpu_pipeline.json");
  json["model"]["decoder"]["session_options"] =
      ConfigJson::parse(R"({"provider_options": [{"QNN": {"backend_path": "x.so"}}]})");
  auto stages = list_stages(json);
  EXPECT_EQ(stages[0].ep, "qnn");  // embeddings: no session_options of its own
  EXPECT_EQ(stages[1].ep, "cpu");  // ctx: own []
  EXPECT_EQ(stages[2].ep, "cpu");  // iter: own [{"cpu": {}}]
  EXPECT_EQ(stages[3].ep, "qnn");
}

TEST(GenaiConfigTest, InheritSessionOptionsMergesDecoderLevelProviders) {
  ConfigJson json = fixture("cpu_pipeline.json");
  json["model"]["decoder"]["session_options"] = ConfigJson::parse(R"({"provider_options": [{"cuda": {}}]})");
  json["model"]["decoder"]["pipeline"][1]["ctx"]["inherit_session_options"] = true;
  EXPECT_EQ(list_stages(json)[1].ep, "cuda");
}

TEST(GenaiConfigTest, EosFallsBackToPadToken) {
  ConfigJson json = fixture("cpu_pipeline.json");
  json["model"].erase("eos_token_id");
  json["model"]["pad_token_id"] = 7;
  EXPECT_THAT(parse_genai_config(json).eos_token_ids, ElementsAre(7));
}

TEST(GenaiConfigTest, MalformedConfigsNameTheProblem) {
  struct Case {
    const char* what;
    std::function<void(ConfigJson&)> edit;
    const char* needle;
  };
  const std::vector<Case> cases = {
      {"no model", [](ConfigJson& j) { j.erase("model"); }, "\"model\" section is missing"},
      {"no type", [](ConfigJson& j) { j["model"].erase("type"); }, "model.type is missing"},
      {"no context", [](ConfigJson& j) { j["model"].erase("context_length"); }, "model.context_length is missing"},
      {"zero context", [](ConfigJson& j) { j["model"]["context_length"] = 0; }, "positive"},
      {"text context", [](ConfigJson& j) { j["model"]["context_length"] = "4k"; }, "must be an integer"},
      {"no decoder", [](ConfigJson& j) { j["model"].erase("decoder"); }, "model.decoder is missing"},
      {"no pipeline", [](ConfigJson& j) { j["model"]["decoder"].erase("pipeline"); }, "pipeline is missing"},
      {"empty pipeline", [](ConfigJson& j) { j["model"]["decoder"]["pipeline"] = ConfigJson::array(); }, "no stages"},
      {"pipeline is text", [](ConfigJson& j) { j["model"]["decoder"]["pipeline"] = "ctx"; }, "must be a list"},
      {"stage not object", [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"] = 3; },
       "pipeline[1].ctx must be an object"},
      {"duplicate stage",
       [](ConfigJson& j) {
         j["model"]["decoder"]["pipeline"][2] = ConfigJson::parse(R"({"ctx": {"filename": "b.onnx"}})");
       },
       "twice"},
      {"no filename", [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][0]["embeddings"].erase("filename"); },
       "pipeline[0].embeddings.filename is missing"},
      {"absolute filename",
       [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"]["filename"] = "/etc/passwd"; }, "absolute path"},
      {"escaping filename",
       [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"]["filename"] = "../other/ctx.onnx"; },
       "leaves the bundle"},
      {"deep escape",
       [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"]["filename"] = "a/../../ctx.onnx"; },
       "leaves the bundle"},
      {"providers not list",
       [](ConfigJson& j) {
         j["model"]["decoder"]["pipeline"][1]["ctx"]["session_options"]["provider_options"] =
             ConfigJson::parse(R"({"qnn": {}})");
       },
       "is not a list"},
      {"provider options text",
       [](ConfigJson& j) {
         j["model"]["decoder"]["pipeline"][1]["ctx"]["session_options"]["provider_options"] =
             ConfigJson::parse(R"([{"qnn": "fast"}])");
       },
       "not an object"},
      {"session options text",
       [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"]["session_options"] = "fast"; },
       "must be an object"},
      {"flag not bool", [](ConfigJson& j) { j["model"]["decoder"]["pipeline"][1]["ctx"]["run_on_prompt"] = "yes"; },
       "run_on_prompt must be true or false"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    ConfigJson json = fixture("cpu_pipeline.json");
    c.edit(json);
    expect_load_error(json, c.needle);
  }
}

TEST(GenaiConfigTest, PlainDecoderNeedsFilename) {
  ConfigJson json = fixture("cuda_decoder.json");
  json["model"]["decoder"].erase("filename");
  expect_load_error(json, "model.decoder.filename is missing");
  json["model"]["decoder"]["filename"] = "../model.onnx";
  expect_load_error(json, "leaves the bundle");
}

TEST(GenaiConfigTest, ResolveBundlePathKeepsPathsInside) {
  EXPECT_EQ(resolve_bundle_path("/b", "sub/./x.onnx", "f"), std::filesystem::path("/b/sub/x.onnx"));
  for (const char* bad : {"", "/abs.onnx", "..", "../x.onnx", "sub/../../x.onnx", "sub/../x.onnx"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(resolve_bundle_path("/b", bad, "f"), UsageError);
  }
}

TEST(GenaiConfigTest, LoadFromFolder) {
  TempDir dir;
  write_text(dir.path() / "genai_config.json", fixture("qnn_pipeline.json").dump());
  GenaiConfig config = load_genai_config(dir.path());
  EXPECT_EQ(config.config_path, dir.path() / "genai_config.json");
  EXPECT_EQ(config.stages.size(), 4u);
  EXPECT_EQ(config.json, fixture("qnn_pipeline.json"));
}

TEST(GenaiConfigTest, LoadErrorsNameTheFile) {
  TempDir dir;
  EXPECT_THROW(load_genai_config(dir.path() / "absent"), UsageError);
  try {
    load_genai_config(dir.path());
    ADD_FAILURE() << "missing config accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr((dir.path() / "genai_config.json").string()));
  }
  write_text(dir.path() / "genai_config.json", "{\"model\": {");
  try {
    load_genai_config(dir.path());
    ADD_FAILURE() << "malformed JSON accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("genai_config.json is not valid JSON"));
  }
  write_text(dir.path() / "genai_config.json", "{\"model\": {\"type\": \"llama\"}}");
  try {
    load_genai_config(dir.path());
    ADD_FAILURE() << "config without context_length accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr((dir.path() / "genai_config.json").string() + ": model.context_length is missing"));
  }
}

// A hostile config nested a few hundred thousand levels deep used to overflow the stack when the
// EP override copied it; it is refused while parsing, naming the file.
TEST(GenaiConfigTest, AbsurdNestingIsRefusedWhileParsing) {
  TempDir dir;
  const std::string config = R"({"model": {"type": "llama", "context_length": 8, "decoder": {"filename": "m.onnx", )";
  for (std::size_t levels : {std::size_t{50}, std::size_t{300000}}) {
    write_text(dir.path() / "genai_config.json",
               config + R"("extra": )" + std::string(levels, '[') + std::string(levels, ']') + "}}}");
    if (levels == 50) {
      EXPECT_NO_THROW(load_genai_config(dir.path())) << "ordinary nesting refused";
      continue;
    }
    try {
      load_genai_config(dir.path());
      ADD_FAILURE() << "a config nested " << levels << " levels deep was accepted";
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), HasSubstr((dir.path() / "genai_config.json").string() + " nests JSON more than 64 levels"));
    }
  }
}

TEST(GenaiConfigTest, RequireStageFilesNamesTheMissingOne) {
  TempDir dir;
  write_text(dir.path() / "genai_config.json", fixture("qnn_pipeline.json").dump());
  for (const char* file : {"embeddings.onnx", "ctx.onnx", "lm_head.onnx"}) write_text(dir.path() / file, "x");
  GenaiConfig config = load_genai_config(dir.path());
  try {
    require_stage_files(config);
    ADD_FAILURE() << "missing iter.onnx accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr((dir.path() / "iter.onnx").string()));
  }
  write_text(dir.path() / "iter.onnx", "x");
  EXPECT_NO_THROW(require_stage_files(config));
}

}  // namespace
}  // namespace winml::bundle
