#include "app.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "test_support/temp_dir.h"

namespace winml::cli {
namespace {

// Parses `args` (after "winml") with the commands disabled.
void parse_only(std::vector<std::string> args) {
  auto app = make_app();
  disable_commands(*app);
  args.insert(args.begin(), "winml");
  std::vector<const char*> argv;
  argv.reserve(args.size());
  for (const auto& arg : args) argv.push_back(arg.c_str());
  app->parse(static_cast<int>(argv.size()), argv.data());
}

TEST(App, DisabledCommandsStopAfterAValidParse) {
  test::TempDir dir;
  const auto out = (dir.path() / "bundle").string();
  EXPECT_THROW(parse_only({"sys", "-f", "json"}), CommandsDisabled);
  EXPECT_THROW(parse_only({"bundle", "synth", "-o", out, "--seed", "3"}), CommandsDisabled);
  EXPECT_THROW(parse_only({"perf", "-m", dir.path().string(), "--iterations", "4", "-f", "json"}), CommandsDisabled);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << "a disabled command wrote something";
}

TEST(App, DisabledCommandsStillCheckEveryFlag) {
  test::TempDir dir;
  EXPECT_THROW(parse_only({}), CLI::RequiredError);
  EXPECT_THROW(parse_only({"frobnicate"}), CLI::ParseError);
  EXPECT_THROW(parse_only({"perf"}), CLI::RequiredError);
  EXPECT_THROW(parse_only({"perf", "-m", dir.path().string(), "--iterations", "0"}), CLI::ValidationError);
  EXPECT_THROW(parse_only({"sys", "-f", "yaml"}), CLI::ValidationError);
  EXPECT_THROW(parse_only({"generate", "-m", (dir.path() / "missing").string()}), CLI::ValidationError);
  EXPECT_THROW(parse_only({"perf", "--help"}), CLI::CallForHelp);
}

}  // namespace
}  // namespace winml::cli
