#include <gtest/gtest.h>

#include <fstream>

#include "perf_options.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

TEST(PerfOptions, LoopAndReportComeFromTheFlags) {
  PerfOptions options;
  options.model = "m.onnx";
  options.output = "r.json";
  options.overwrite = true;
  options.iterations = 7;
  options.duration_s = 3.5;
  auto loop = loop_request(options);
  EXPECT_EQ(loop.iterations, 7u);
  EXPECT_FALSE(loop.warmup);
  EXPECT_EQ(loop.duration_s, 3.5);
  auto target = report_target(options);
  EXPECT_EQ(target.model, "m.onnx");
  EXPECT_EQ(target.output, "r.json");
  EXPECT_TRUE(target.overwrite);
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
