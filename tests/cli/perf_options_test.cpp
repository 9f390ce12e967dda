#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "perf_options.h"

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

TEST(PerfOptions, IgnoredFlagsAreThoseOfTheOtherRuntime) {
  std::set<std::string> given = {"--shape", "--prompt", "--iterations", "--batch-size", "--compile"};
  EXPECT_EQ(ignored_flags("winml-genai", given), (std::vector<std::string>{"--batch-size", "--shape"}));
  EXPECT_EQ(ignored_flags("winml", given), (std::vector<std::string>{"--prompt", "--compile"}));
  EXPECT_TRUE(ignored_flags("winml", {"--iterations", "--ep"}).empty());
  // A single model has no stages to compile side by side.
  EXPECT_EQ(ignored_flags("winml", {"--compile-jobs"}), (std::vector<std::string>{"--compile-jobs"}));
  EXPECT_TRUE(ignored_flags("winml-genai", {"--compile-jobs"}).empty());
}

}  // namespace
}  // namespace winml::cli
