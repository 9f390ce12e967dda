#include "session/chat_template.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

void write(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(ChatTemplate, PrefersTokenizerConfig) {
  test::TempDir dir;
  write(dir.path() / "tokenizer_config.json", R"({"chat_template": "{{ messages[0].content }}"})");
  write(dir.path() / "chat_template.jinja", "other");
  auto found = find_chat_template(dir.path());
  EXPECT_EQ(found.source, TemplateSource::tokenizer_config);
  EXPECT_TRUE(found.explicit_text.empty());
}

TEST(ChatTemplate, FallsBackToJinjaFile) {
  test::TempDir dir;
  write(dir.path() / "tokenizer_config.json", R"({"bos_token": "<s>"})");
  write(dir.path() / "chat_template.jinja", "{{ messages[0].content }}");
  auto found = find_chat_template(dir.path());
  EXPECT_EQ(found.source, TemplateSource::jinja_file);
  EXPECT_EQ(found.explicit_text, "{{ messages[0].content }}");
}

TEST(ChatTemplate, NoneWhenAbsent) {
  test::TempDir dir;
  EXPECT_EQ(find_chat_template(dir.path()).source, TemplateSource::none);
}

TEST(ChatTemplate, MalformedConfigNamesFile) {
  test::TempDir dir;
  write(dir.path() / "tokenizer_config.json", "{not json");
  try {
    find_chat_template(dir.path());
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("tokenizer_config.json"), std::string::npos);
  }
}

TEST(ChatTemplate, UserMessageJsonEscapes) {
  auto json = nlohmann::json::parse(user_message_json("say \"hi\"\n"));
  ASSERT_EQ(json.size(), 1u);
  EXPECT_EQ(json[0]["role"], "user");
  EXPECT_EQ(json[0]["content"], "say \"hi\"\n");
}

}  // namespace
}  // namespace winml::session
