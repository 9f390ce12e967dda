#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <onnx/checker.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "synth/bundle_writer.h"
#include "synth/onnx_file.h"
#include "test_support/file_bytes.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::synth {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

json read_json(const fs::path& path) { return json::parse(test::read_file_bytes(path)); }

onnx::ModelProto read_model(const fs::path& path) {
  onnx::ModelProto model;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(model.ParseFromIstream(&in)) << path;
  return model;
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  return names;
}

class BundleWriter : public ::testing::Test {
 protected:
  fs::path dir(const std::string& name) const { return tmp_.path() / name; }
  test::TempDir tmp_;
};

TEST_F(BundleWriter, PlainBundleHasItsFilesAndPassesTheChecker) {
  const SynthResult r = write_bundle(SynthOptions{}, dir("b"));
  EXPECT_THAT(listing(dir("b")),
              UnorderedElementsAre("model.onnx", "tokenizer.json", "tokenizer_config.json", "genai_config.json"));
  EXPECT_EQ(r.files.back(), "genai_config.json");
  EXPECT_EQ(r.parameter_count, parameter_count(SynthOptions{}));
  std::uint64_t total = 0;
  for (const auto& f : r.files) total += fs::file_size(dir("b") / f);
  EXPECT_EQ(r.bytes_on_disk, total);
  register_ort_schemas();
  EXPECT_NO_THROW(onnx::checker::check_model((dir("b") / "model.onnx").string()));
}

TEST_F(BundleWriter, PlainConfigMatchesTheGraph) {
  SynthOptions o;
  o.context_length = 256;
  write_bundle(o, dir("b"));
  const json config = read_json(dir("b") / "genai_config.json");
  const auto& model = config["model"];
  EXPECT_EQ(model["type"], "llama");
  EXPECT_EQ(model["context_length"], 256);
  EXPECT_EQ(config["search"]["max_length"], 256);
  EXPECT_EQ(model["decoder"]["filename"], "model.onnx");
  EXPECT_EQ(model["decoder"]["num_hidden_layers"], o.layers);
  EXPECT_EQ(model["decoder"]["num_key_value_heads"], o.num_kv_heads);
  EXPECT_EQ(model["decoder"]["head_size"], o.head_size);
  EXPECT_EQ(model["decoder"]["session_options"]["provider_options"], json::array());
  EXPECT_EQ(model["decoder"]["inputs"]["past_key_names"], "past_key_values.%d.key");
  EXPECT_EQ(model["decoder"]["outputs"]["present_value_names"], "present.%d.value");

  const auto graph = read_model(dir("b") / "model.onnx").graph();
  const auto logits_vocab = graph.output(0).type().tensor_type().shape().dim(2).dim_value();
  EXPECT_EQ(model["vocab_size"], logits_vocab);
  for (const auto& id : model["eos_token_id"]) EXPECT_LT(id.get<std::int64_t>(), logits_vocab);
  EXPECT_LT(model["bos_token_id"].get<std::int64_t>(), logits_vocab);

  // The tokenizer covers exactly the logits width.
  const json tokenizer = read_json(dir("b") / "tokenizer.json");
  EXPECT_EQ(tokenizer["model"]["vocab"].size() + tokenizer["added_tokens"].size(),
            static_cast<std::size_t>(logits_vocab));
  EXPECT_EQ(tokenizer["added_tokens"][5]["id"], model["eos_token_id"][0]);
  EXPECT_TRUE(read_json(dir("b") / "tokenizer_config.json").contains("chat_template"));
}

TEST_F(BundleWriter, SameSeedSameBytesDifferentSeedDifferentWeights) {
  SynthOptions o;
  o.seed = 11;
  write_bundle(o, dir("a"));
  write_bundle(o, dir("b"));
  o.seed = 12;
  write_bundle(o, dir("c"));
  for (const auto& name : listing(dir("a"))) {
    EXPECT_EQ(test::read_file_bytes(dir("a") / name), test::read_file_bytes(dir("b") / name)) << name;
  }
  EXPECT_NE(test::read_file_bytes(dir("a") / "model.onnx"), test::read_file_bytes(dir("c") / "model.onnx"));
  // The seed is for weights only: tokenizer and config do not change.
  EXPECT_EQ(test::read_file_bytes(dir("a") / "tokenizer.json"), test::read_file_bytes(dir("c") / "tokenizer.json"));
  EXPECT_EQ(test::read_file_bytes(dir("a") / "genai_config.json"),
            test::read_file_bytes(dir("c") / "genai_config.json"));
}

TEST_F(BundleWriter, PipelineBundleHasFourStages) {
  SynthOptions o;
  o.pipeline = true;
  write_bundle(o, dir("p"));
  EXPECT_THAT(listing(dir("p")), UnorderedElementsAre("embeddings.onnx", "ctx.onnx", "iter.onnx", "lm_head.onnx",
                                                      "tokenizer.json", "tokenizer_config.json", "genai_config.json"));
  for (auto f : {"embeddings.onnx", "ctx.onnx", "iter.onnx", "lm_head.onnx"}) {
    EXPECT_NO_THROW(check_model_file(dir("p") / f)) << f;
  }
  EXPECT_EQ(test::read_file_bytes(dir("p") / "ctx.onnx"), test::read_file_bytes(dir("p") / "iter.onnx"));

  const json config = read_json(dir("p") / "genai_config.json");
  EXPECT_EQ(config["model"]["type"], "decoder-pipeline");
  EXPECT_FALSE(config["model"]["decoder"].contains("filename"));
  const auto& stages = config["model"]["decoder"]["pipeline"];
  ASSERT_EQ(stages.size(), 4u);
  std::vector<std::string> names;
  for (const auto& s : stages) names.push_back(s.begin().key());
  EXPECT_EQ(names, (std::vector<std::string>{"embeddings", "ctx", "iter", "lm_head"}));
  const auto& emb = stages[0]["embeddings"];
  const auto& ctx = stages[1]["ctx"];
  const auto& iter = stages[2]["iter"];
  const auto& head = stages[3]["lm_head"];
  EXPECT_EQ(emb["filename"], "embeddings.onnx");
  EXPECT_EQ(emb["inputs"], json::array({"input_ids"}));
  EXPECT_EQ(emb["outputs"], json::array({"inputs_embeds"}));
  EXPECT_EQ(emb["session_options"]["provider_options"], json::array());
  EXPECT_EQ(head["session_options"]["provider_options"], json::array());
  EXPECT_EQ(head["outputs"], json::array({"logits"}));
  EXPECT_EQ(ctx["run_on_prompt"], true);
  EXPECT_EQ(ctx["run_on_token_gen"], false);
  EXPECT_EQ(iter["run_on_prompt"], false);
  EXPECT_EQ(iter["run_on_token_gen"], true);
  EXPECT_FALSE(ctx.contains("session_options")) << "ctx/iter follow the decoder-level providers";
  EXPECT_EQ(ctx["inputs"], iter["inputs"]);
  EXPECT_EQ(ctx["inputs"].size(), 2u + 2 * o.layers);
  EXPECT_EQ(ctx["inputs"][2], "past_key_values.0.key");
  EXPECT_EQ(ctx["outputs"][0], "hidden_states");
  EXPECT_EQ(ctx["outputs"].back(), "present.1.value");
  // Stage graphs expose exactly the names the config wires.
  EXPECT_EQ(read_model(dir("p") / "ctx.onnx").graph().input_size(), static_cast<int>(ctx["inputs"].size()));
}

TEST_F(BundleWriter, PlainAndPipelineOfOneSeedShareWeights) {
  SynthOptions o;
  o.seed = 3;
  write_bundle(o, dir("plain"));
  o.pipeline = true;
  write_bundle(o, dir("pipe"));
  auto weight = [](const onnx::ModelProto& m, const std::string& name) {
    for (const auto& t : m.graph().initializer())
      if (t.name() == name) return t.raw_data();
    return std::string();
  };
  const auto plain = read_model(dir("plain") / "model.onnx");
  EXPECT_EQ(weight(plain, "lm_head.weight"), weight(read_model(dir("pipe") / "lm_head.onnx"), "lm_head.weight"));
  EXPECT_EQ(weight(plain, "model.layers.0.attn.k_proj.weight"),
            weight(read_model(dir("pipe") / "ctx.onnx"), "model.layers.0.attn.k_proj.weight"));
  EXPECT_FALSE(weight(plain, "lm_head.weight").empty());
}

TEST_F(BundleWriter, NoChatTemplateOption) {
  SynthOptions o;
  o.chat_template = false;
  write_bundle(o, dir("raw"));
  EXPECT_FALSE(read_json(dir("raw") / "tokenizer_config.json").contains("chat_template"));
}

TEST_F(BundleWriter, Int4BundlePassesTheChecker) {
  SynthOptions o;
  o.precision = Precision::int4;
  o.pipeline = true;
  write_bundle(o, dir("q"));
  for (auto f : {"embeddings.onnx", "ctx.onnx", "lm_head.onnx"}) EXPECT_NO_THROW(check_model_file(dir("q") / f));
  EXPECT_LT(fs::file_size(dir("q") / "ctx.onnx"), fs::file_size(dir("q") / "embeddings.onnx") * 2);
}

TEST_F(BundleWriter, RefusesANonEmptyFolderWithoutOverwrite) {
  fs::create_directories(dir("x"));
  std::ofstream(dir("x") / "notes.txt") << "keep me";
  try {
    write_bundle(SynthOptions{}, dir("x"));
    FAIL() << "wrote into a non-empty folder";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("--overwrite"));
    EXPECT_THAT(e.what(), HasSubstr(dir("x").string()));
  }
  EXPECT_THAT(listing(dir("x")), UnorderedElementsAre("notes.txt"));
}

TEST_F(BundleWriter, OverwriteReplacesOnlyBundleFiles) {
  SynthOptions o;
  o.pipeline = true;
  write_bundle(o, dir("x"));
  std::ofstream(dir("x") / "notes.txt") << "keep me";
  o.pipeline = false;
  write_bundle(o, dir("x"), /*overwrite=*/true);
  EXPECT_THAT(listing(dir("x")), UnorderedElementsAre("model.onnx", "tokenizer.json", "tokenizer_config.json",
                                                      "genai_config.json", "notes.txt"));
  EXPECT_EQ(read_json(dir("x") / "genai_config.json")["model"]["type"], "llama");
}

TEST_F(BundleWriter, RejectsAFileAsOutputAndInvalidOptionsBeforeWriting) {
  std::ofstream(dir("file")) << "x";
  EXPECT_THROW(write_bundle(SynthOptions{}, dir("file")), UsageError);
  SynthOptions bad;
  bad.num_kv_heads = 3;
  EXPECT_THROW(write_bundle(bad, dir("never")), UsageError);
  EXPECT_FALSE(fs::exists(dir("never")));
}

}  // namespace
}  // namespace winml::synth
