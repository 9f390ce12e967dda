#include <gtest/gtest.h>

#include <fstream>

#include "perf_options.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

TEST(PerfOptions, DefaultsDependOnTheRuntime) {
  PerfOptions options;
  auto genai = loop_settings(options, 10, 2);
  EXPECT_EQ(genai.iterations, 10u);
  EXPECT_EQ(genai.warmup, 2u);
  EXPECT_FALSE(genai.duration_s);
  options.iterations = 7;
  options.warmup = 0;
  options.duration_s = 3.5;
  auto given = loop_settings(options, 100, 10);
  EXPECT_EQ(given.iterations, 7u);
  EXPECT_EQ(given.warmup, 0u);
  EXPECT_EQ(given.duration_s, 3.5);
}

TEST(PerfOptions, InvalidDurationIsUsageError) {
  PerfOptions options;
  options.duration_s = -1;
  EXPECT_THROW(loop_settings(options, 10, 2), UsageError);
}

TEST(PerfOptions, AutoRuntimeFollowsTheModel) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "bundle");
  std::ofstream(dir.path() / "bundle" / "genai_config.json") << "{}";
  std::ofstream(dir.path() / "model.onnx") << "x";
  std::ofstream(dir.path() / "notes.txt") << "x";
  EXPECT_EQ(resolve_runtime("auto", (dir.path() / "bundle").string()), "winml-genai");
  EXPECT_EQ(resolve_runtime("auto", (dir.path() / "model.onnx").string()), "winml");
  EXPECT_THROW(resolve_runtime("auto", (dir.path() / "notes.txt").string()), UsageError);
  EXPECT_THROW(resolve_runtime("auto", dir.path().string()), UsageError);  // folder without config
  EXPECT_THROW(resolve_runtime("auto", (dir.path() / "missing").string()), UsageError);
  EXPECT_THROW(resolve_runtime("winml", (dir.path() / "bundle").string()), UsageError);
  EXPECT_THROW(resolve_runtime("winml-genai", (dir.path() / "model.onnx").string()), UsageError);
}

TEST(PerfOptions, IgnoredFlagsAreThoseOfTheOtherRuntime) {
  std::set<std::string> given = {"--shape", "--prompt", "--iterations", "--batch-size", "--compile"};
  EXPECT_EQ(ignored_flags("winml-genai", given), (std::vector<std::string>{"--batch-size", "--shape"}));
  EXPECT_EQ(ignored_flags("winml", given), (std::vector<std::string>{"--prompt", "--compile"}));
  EXPECT_TRUE(ignored_flags("winml", {"--iterations", "--ep"}).empty());
}

}  // namespace
}  // namespace winml::cli
