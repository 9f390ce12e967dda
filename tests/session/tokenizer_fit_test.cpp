#include "session/tokenizer_fit.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "session/prompt_tokens.h"
#include "test_support/temp_dir.h"

namespace winml::session {
namespace {

TokenizerIds ids_of(const std::string& text) {
  test::TempDir dir;
  std::ofstream(dir.path() / "tokenizer.json") << text;
  return read_tokenizer_ids(dir.path());
}

TEST(TokenizerIds, TheLargestIdOfVocabAndAddedTokens) {
  const auto ids = ids_of(
      R"({"model": {"type": "BPE", "vocab": {"a": 0, "b": 41, "c": 7}},
          "added_tokens": [{"id": 12, "content": "<s>", "special": true}]})");
  ASSERT_TRUE(ids.present);
  ASSERT_TRUE(ids.largest);
  EXPECT_EQ(ids.largest->id, 41);
  EXPECT_EQ(ids.largest->text, "b");
  EXPECT_EQ(ids.special, (std::set<std::int32_t>{12}));
  const auto added = ids_of(R"({"model": {"vocab": {"a": 0}}, "added_tokens": [{"id": 50256, "content": "<|eot|>"}]})");
  EXPECT_EQ(added.largest->id, 50256);
  EXPECT_EQ(added.largest->text, "<|eot|>");
}

// Unigram's vocab is a list of [token, score] whose position is the id.
TEST(TokenizerIds, AUnigramListCountsByPosition) {
  const auto ids = ids_of(R"({"model": {"type": "Unigram", "vocab": [["<unk>", 0], ["a", -1.5], ["zz", -3]]}})");
  ASSERT_TRUE(ids.largest);
  EXPECT_EQ(ids.largest->id, 2);
  EXPECT_EQ(ids.largest->text, "zz");
}

TEST(TokenizerIds, AbsentOrUnreadableGivesNoIds) {
  test::TempDir dir;
  EXPECT_FALSE(read_tokenizer_ids(dir.path()).present);
  const auto not_json = ids_of("not json");
  EXPECT_TRUE(not_json.present);
  EXPECT_FALSE(not_json.largest);
}

TEST(TokenizerMisfit, NamesTheIdTheVocabularyAndBothFiles) {
  const auto ids = ids_of(R"({"model": {"vocab": {"a": 0, "<|endoftext|>": 50256}}})");
  const std::string message = tokenizer_misfit(ids, "/b/tokenizer.json", 1000, "/b/genai_config.json");
  EXPECT_NE(message.find("/b/tokenizer.json has token id 50256 (\"<|endoftext|>\")"), std::string::npos) << message;
  EXPECT_NE(message.find("vocabulary is 1000 tokens (model.vocab_size in /b/genai_config.json)"), std::string::npos)
      << message;
  // The last id a vocabulary holds is vocab_size - 1; an unknown vocab_size checks nothing.
  EXPECT_EQ(tokenizer_misfit(ids, "t", 50257, "c"), "");
  EXPECT_EQ(tokenizer_misfit(ids, "t", 0, "c"), "");
  EXPECT_EQ(tokenizer_misfit(ids_of("[]"), "t", 10, "c"), "");
}

TEST(ConfigSpecialIds, BosPadAndEosWhetherOneOrAList) {
  const auto json = bundle::ConfigJson::parse(
      R"({"model": {"bos_token_id": 1, "pad_token_id": 0, "eos_token_id": [2, 32000], "vocab_size": 9}})");
  EXPECT_EQ(config_special_ids(json), (std::set<std::int32_t>{0, 1, 2, 32000}));
  EXPECT_TRUE(config_special_ids(bundle::ConfigJson::parse(R"({"model": {"eos_token_id": "2"}})")).empty());
}

}  // namespace
}  // namespace winml::session
