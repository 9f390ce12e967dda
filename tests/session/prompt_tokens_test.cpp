#include "session/prompt_tokens.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

void write_tokenizer(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(SpecialTokenIds, ReadsTheSpecialAddedTokens) {
  test::TempDir dir;
  write_tokenizer(
      dir.path() / "tokenizer.json",
      R"({"added_tokens": [{"id": 1, "special": true}, {"id": 2, "special": false}, {"id": 7, "special": true}]})");
  EXPECT_EQ(special_token_ids(dir.path()), (std::set<std::int32_t>{1, 7}));
}

// Entries of the wrong type are skipped, not thrown on (GenAI's own load says what is wrong).
TEST(SpecialTokenIds, SkipsMalformedEntries) {
  test::TempDir dir;
  write_tokenizer(
      dir.path() / "tokenizer.json",
      R"({"added_tokens": [3, {"id": "4", "special": true}, {"id": 5, "special": "yes"}, {"id": 6, "special": true}]})");
  EXPECT_EQ(special_token_ids(dir.path()), (std::set<std::int32_t>{6}));
  write_tokenizer(dir.path() / "tokenizer.json", R"({"added_tokens": {"id": 1}})");
  EXPECT_TRUE(special_token_ids(dir.path()).empty());
  write_tokenizer(dir.path() / "tokenizer.json", "not json");
  EXPECT_TRUE(special_token_ids(dir.path()).empty());
}

// A key given twice is refused as in every JSON file of a bundle: which list is meant is unknowable.
TEST(SpecialTokenIds, RefusesAKeyGivenTwice) {
  test::TempDir dir;
  write_tokenizer(dir.path() / "tokenizer.json",
                  R"({"added_tokens": [], "added_tokens": [{"id": 1, "special": true}]})");
  try {
    (void)special_token_ids(dir.path());
    ADD_FAILURE() << "a repeated added_tokens was read";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("tokenizer.json"), std::string::npos) << message;
    EXPECT_NE(message.find("\"added_tokens\" is given twice"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace winml::session
