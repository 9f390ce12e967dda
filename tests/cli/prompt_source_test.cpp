#include "prompt_source.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

namespace fs = std::filesystem;

std::string message_of(const std::optional<std::string>& prompt, const std::string& file) {
  try {
    resolve_prompt(prompt, file, "fallback");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(PromptSource, TextFileOrFallback) {
  test::TempDir dir;
  std::ofstream(dir.path() / "p.txt") << "caf\xc3\xa9?";
  EXPECT_EQ(resolve_prompt(std::nullopt, "", "fallback"), "fallback");
  EXPECT_EQ(resolve_prompt(std::string("hi"), "", "fallback"), "hi");
  EXPECT_EQ(resolve_prompt(std::nullopt, (dir.path() / "p.txt").string(), "fallback"), "caf\xc3\xa9?");
}

TEST(PromptSource, RefusalsNameTheProblem) {
  test::TempDir dir;
  const std::string latin1 = (dir.path() / "latin1.txt").string();
  std::ofstream(latin1) << "caf\xe9";
  const std::string empty = (dir.path() / "empty.txt").string();
  std::ofstream{empty};
  EXPECT_NE(message_of(std::string(""), "").find("--prompt is empty"), std::string::npos);
  EXPECT_NE(message_of(std::string("x\xff"), "").find("not valid UTF-8"), std::string::npos);
  EXPECT_NE(message_of(std::string("x"), latin1).find("mutually exclusive"), std::string::npos);
  EXPECT_NE(message_of(std::nullopt, empty).find("is empty"), std::string::npos);
  std::string bad = message_of(std::nullopt, latin1);
  EXPECT_NE(bad.find("latin1.txt"), std::string::npos) << bad;
  EXPECT_NE(bad.find("byte 3"), std::string::npos) << bad;
  EXPECT_NE(message_of(std::nullopt, (dir.path() / "missing.txt").string()).find("cannot read"), std::string::npos);
}

TEST(PromptSource, FileAtTheCapIsReadAndOnePastIsRefused) {
  test::TempDir dir;
  const fs::path at_cap = dir.path() / "at.txt";
  std::ofstream(at_cap) << std::string(kMaxPromptFileBytes, 'a');
  EXPECT_EQ(read_prompt_file(at_cap.string()).size(), kMaxPromptFileBytes);
  const fs::path past = dir.path() / "past.txt";
  std::ofstream(past) << std::string(kMaxPromptFileBytes + 1, 'a');
  try {
    read_prompt_file(past.string());
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("16 MiB"), std::string::npos) << e.what();
  }
}

TEST(PromptSource, EndlessFileStopsAtTheCap) {
  auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(read_prompt_file("/dev/zero"), UsageError);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

}  // namespace
}  // namespace winml::cli
