// GenaiSession end to end: real GenAI on synthetic bundles written by winml_synth.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "synth/bundle_writer.h"
#include "test_support/temp_dir.h"
#include "winml/genai_session.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

// Bundles are written once per test binary: the same seed for the plain and pipeline variants.
class SessionE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    synth::SynthOptions options;
    options.seed = 7;
    synth::write_bundle(options, plain());
    options.pipeline = true;
    synth::write_bundle(options, pipeline());
    options.pipeline = false;
    options.chat_template = false;
    synth::write_bundle(options, no_template());
    options.chat_template = true;
    options.context_length = 64;
    synth::write_bundle(options, short_context());
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path plain() { return root_->path() / "plain"; }
  static fs::path pipeline() { return root_->path() / "pipeline"; }
  static fs::path no_template() { return root_->path() / "raw"; }
  static fs::path short_context() { return root_->path() / "short"; }
  static fs::path copy_of(const fs::path& bundle, const std::string& name) {
    fs::path copy = root_->path() / name;
    fs::copy(bundle, copy, fs::copy_options::recursive);
    return copy;
  }
  static GenerationConfig greedy(int tokens) {
    GenerationConfig config;
    config.max_new_tokens = tokens;
    config.stop_at_eos = false;
    return config;
  }
  static test::TempDir* root_;
};
test::TempDir* SessionE2E::root_ = nullptr;

TEST_F(SessionE2E, PlainAndPipelineGiveIdenticalGreedyTokens) {
  GenaiSession plain_session(plain().string());
  GenaiSession pipeline_session(pipeline().string());
  for (const char* prompt : {"Hello, world!", "The quick brown fox", "1 2 3 4 5 6 7 8 9 10", "z"}) {
    auto a = plain_session.generate_timed(std::string(prompt), greedy(12));
    auto b = pipeline_session.generate_timed(std::string(prompt), greedy(12));
    EXPECT_EQ(a.token_ids.size(), 12u) << prompt;
    EXPECT_EQ(a.token_ids, b.token_ids) << prompt;
  }
}

TEST_F(SessionE2E, DifferentPromptsGiveDifferentTokens) {
  GenaiSession session(plain().string());
  auto a = session.generate_timed(std::string("alpha beta gamma"), greedy(8));
  auto b = session.generate_timed(std::string("0123456789"), greedy(8));
  EXPECT_NE(a.token_ids, b.token_ids);
}

TEST_F(SessionE2E, StreamedPiecesConcatenateToGenerateText) {
  GenaiSession session(plain().string());
  GenerationConfig config = greedy(20);
  std::string streamed;
  session.generate_streaming("Tell me a story", config, [&](std::string_view piece) { streamed += piece; });
  EXPECT_EQ(streamed, session.generate("Tell me a story", config));
  EXPECT_FALSE(streamed.empty());
}

TEST_F(SessionE2E, TimingIsConsistent) {
  GenaiSession session(plain().string());
  auto timing = session.generate_timed(std::string("timing check"), greedy(10));
  EXPECT_EQ(timing.generated_tokens, 10);
  EXPECT_EQ(timing.decode_s.size(), 9u);
  EXPECT_GT(timing.prefill_s, 0);
  EXPECT_GT(timing.ttft_s(), timing.prefill_s);
  EXPECT_GT(timing.decode_tokens_per_s(), 0);
  EXPECT_EQ(timing.input_tokens, static_cast<int>(session.encode("timing check").size()));
}

TEST_F(SessionE2E, ChatTemplateWrapsPromptAndRawBundleKeepsIt) {
  GenaiSession session(plain().string());
  ASSERT_TRUE(session.has_chat_template());
  std::string templated = session.apply_chat_template("hi there");
  EXPECT_NE(templated, "hi there");
  EXPECT_NE(templated.find("hi there"), std::string::npos);
  EXPECT_GT(session.encode(templated).size(), session.encode("hi there").size());

  GenaiSession raw(no_template().string());
  EXPECT_FALSE(raw.has_chat_template());
  EXPECT_EQ(raw.apply_chat_template("hi there"), "hi there");
}

TEST_F(SessionE2E, MaxLengthIsCappedAtContextLength) {
  GenaiSession session(short_context().string());
  auto prompt = session.encode("cap me");
  int context = session.context_length();
  ASSERT_EQ(context, 64);
  auto timing = session.generate_timed(prompt, greedy(context * 4));
  EXPECT_EQ(timing.generated_tokens, context - static_cast<int>(prompt.size()));
}

TEST_F(SessionE2E, EffectiveEpIsConfigWithoutOverride) {
  GenaiSession session(plain().string());
  session.load();
  EXPECT_EQ(session.effective_ep(), "config");
  EXPECT_GT(session.load_seconds(), 0);
  session.unload();
  EXPECT_FALSE(session.is_loaded());
}

// Without tokenizer.json a session runs on token ids (GenAI needs no tokenizer for them); text
// needs one, and TokenizerUse::required asks for it before the model loads.
TEST_F(SessionE2E, MissingTokenizerRunsOnIdsAndNamesTheFileForText) {
  fs::path bundle = copy_of(plain(), "no-tokenizer");
  fs::remove(bundle / "tokenizer.json");
  GenaiSession session(bundle.string());
  session.load();
  EXPECT_FALSE(session.uses_tokenizer());
  EXPECT_EQ(session.load_breakdown().tokenizer_s, 0);
  GenerationConfig config;
  config.max_new_tokens = 3;
  const GenerationTiming timing = session.generate_timed(std::vector<std::int32_t>{5, 6, 7}, config);
  EXPECT_EQ(timing.generated_tokens, 3);
  EXPECT_EQ(timing.text, "");
  try {
    session.encode("hi");
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("tokenizer.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--prompt-tokens runs need no tokenizer"), std::string::npos) << e.what();
  }
  GenaiSessionOptions required;
  required.tokenizer = TokenizerUse::required;
  GenaiSession text_session(bundle.string(), required);
  EXPECT_THROW(text_session.load(), UsageError);
  EXPECT_FALSE(text_session.is_loaded());
}

TEST_F(SessionE2E, MissingStageFileNamesTheFile) {
  fs::path bundle = copy_of(pipeline(), "no-stage");
  std::string victim;
  for (const auto& entry : fs::directory_iterator(bundle)) {
    if (entry.path().extension() == ".onnx" && entry.path().filename().string().find("lm_head") != std::string::npos) {
      victim = entry.path().filename().string();
    }
  }
  ASSERT_FALSE(victim.empty());
  fs::remove(bundle / victim);
  GenaiSession session(bundle.string());
  try {
    session.load();
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(victim), std::string::npos) << e.what();
  }
}

TEST_F(SessionE2E, PipelineStageNamesAreNotOurs) {
  // Another exporter's names for the same four stages, written as one object (key order = order).
  fs::path bundle = copy_of(pipeline(), "renamed");
  nlohmann::ordered_json config;
  {
    std::ifstream in(bundle / "genai_config.json");
    config = nlohmann::ordered_json::parse(in);
  }
  const std::map<std::string, std::string> renames = {
      {"embeddings", "embed_tokens"}, {"ctx", "prompt_processor"}, {"iter", "token_generator"}, {"lm_head", "head"}};
  nlohmann::ordered_json stages = nlohmann::ordered_json::object();
  for (const auto& entry : config["model"]["decoder"]["pipeline"]) {
    for (const auto& [name, stage] : entry.items()) stages[renames.at(name)] = stage;
  }
  config["model"]["decoder"]["pipeline"] = nlohmann::ordered_json::array({stages});
  std::ofstream(bundle / "genai_config.json") << config.dump(2);

  GenaiSession renamed(bundle.string());
  GenaiSession plain_session(plain().string());
  auto a = renamed.generate_timed(std::string("renamed stages"), greedy(8));
  auto b = plain_session.generate_timed(std::string("renamed stages"), greedy(8));
  EXPECT_EQ(a.token_ids, b.token_ids);
}

TEST_F(SessionE2E, MalformedConfigIsUsageError) {
  fs::path bundle = copy_of(plain(), "bad-config");
  std::ofstream(bundle / "genai_config.json") << "{ \"model\": ";
  GenaiSession session(bundle.string());
  EXPECT_THROW(session.load(), UsageError);
}

}  // namespace
}  // namespace winml
