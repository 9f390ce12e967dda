#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "synth/bpe_vocab.h"
#include "synth/tokenizer_files.h"

namespace winml::synth {
namespace {

using nlohmann::json;

TEST(BpeVocab, HasExactlyTheRequestedSize) {
  for (std::int64_t size : {kMinVocabSize, std::int64_t{512}, std::int64_t{5000}}) {
    const BpeVocab vocab = make_bpe_vocab(size);
    EXPECT_EQ(vocab.size(), size);
    EXPECT_EQ(vocab.tokens.size() + kSpecialTokens.size(), static_cast<std::size_t>(size));
    EXPECT_EQ(vocab.merges.size(), vocab.tokens.size() - 256);
  }
}

TEST(BpeVocab, TokensAreUniqueAndMergesAreValid) {
  const BpeVocab vocab = make_bpe_vocab(3000);
  std::set<std::string> seen(vocab.tokens.begin(), vocab.tokens.end());
  EXPECT_EQ(seen.size(), vocab.tokens.size());
  std::set<std::string> known(vocab.tokens.begin(), vocab.tokens.begin() + 256);
  for (const auto& [left, right] : vocab.merges) {
    // Each merge joins tokens that exist by then and yields a token of the vocabulary.
    EXPECT_TRUE(known.count(left)) << left;
    EXPECT_TRUE(known.count(right)) << right;
    EXPECT_TRUE(seen.count(left + right)) << left + right;
    known.insert(left + right);
    EXPECT_EQ(left.find(' '), std::string::npos);
  }
}

TEST(BpeVocab, LearnsCommonEnglishPieces) {
  const BpeVocab vocab = make_bpe_vocab(512);
  std::set<std::string> tokens(vocab.tokens.begin(), vocab.tokens.end());
  EXPECT_TRUE(tokens.count(byte_level_spelling(" the")));
  EXPECT_TRUE(tokens.count(byte_level_spelling(" and")));
}

TEST(BpeVocab, ByteAlphabetIsGpt2s) {
  EXPECT_EQ(byte_level_spelling(" "), "\xC4\xA0");   // U+0120 'Ġ'
  EXPECT_EQ(byte_level_spelling("\n"), "\xC4\x8A");  // U+010A 'Ċ'
  EXPECT_EQ(byte_level_spelling("a!"), "a!");
  EXPECT_EQ(make_bpe_vocab(kMinVocabSize).tokens.size(), 256u);
}

TEST(BpeVocab, SpecialTokensTakeTheLastIds) {
  const BpeVocab vocab = make_bpe_vocab(600);
  EXPECT_EQ(vocab.special_id(kBosToken), 594);
  EXPECT_EQ(vocab.special_id(kEndOfTurnToken), 599);
  EXPECT_THROW(vocab.special_id("<|nope|>"), std::invalid_argument);
}

TEST(TokenizerFiles, TokenizerJsonIsAByteLevelBpeModel) {
  const BpeVocab vocab = make_bpe_vocab(700);
  const json doc = json::parse(tokenizer_json(vocab));
  EXPECT_EQ(doc["model"]["type"], "BPE");
  EXPECT_EQ(doc["pre_tokenizer"]["type"], "ByteLevel");
  EXPECT_EQ(doc["decoder"]["type"], "ByteLevel");
  EXPECT_EQ(doc["model"]["vocab"].size() + doc["added_tokens"].size(), 700u);
  EXPECT_EQ(doc["model"]["merges"].size(), vocab.merges.size());
  std::set<std::int64_t> ids;
  for (const auto& [token, id] : doc["model"]["vocab"].items()) ids.insert(id.get<std::int64_t>());
  for (const auto& added : doc["added_tokens"]) {
    EXPECT_TRUE(added["special"].get<bool>());
    ids.insert(added["id"].get<std::int64_t>());
  }
  ASSERT_EQ(ids.size(), 700u) << "ids must be unique";
  EXPECT_EQ(*ids.begin(), 0);
  EXPECT_EQ(*ids.rbegin(), 699);
}

TEST(TokenizerFiles, ConfigHasClassTokensAndTemplate) {
  const BpeVocab vocab = make_bpe_vocab(512);
  const json config = json::parse(tokenizer_config_json(vocab, 2048, true));
  EXPECT_EQ(config["tokenizer_class"], "PreTrainedTokenizerFast");
  EXPECT_EQ(config["bos_token"], kBosToken);
  EXPECT_EQ(config["eos_token"], kEndOfTurnToken);
  EXPECT_EQ(config["add_bos_token"], false);
  EXPECT_EQ(config["model_max_length"], 2048);
  EXPECT_EQ(config["chat_template"], kChatTemplate);
  EXPECT_THAT(config["chat_template"].get<std::string>(), ::testing::HasSubstr("add_generation_prompt"));
  EXPECT_EQ(config["added_tokens_decoder"].size(), kSpecialTokens.size());
  EXPECT_EQ(config["added_tokens_decoder"]["511"]["content"], kEndOfTurnToken);
}

TEST(TokenizerFiles, TemplateCanBeLeftOut) {
  const json config = json::parse(tokenizer_config_json(make_bpe_vocab(512), 64, false));
  EXPECT_FALSE(config.contains("chat_template"));
  EXPECT_EQ(config["tokenizer_class"], "PreTrainedTokenizerFast");
}

}  // namespace
}  // namespace winml::synth
