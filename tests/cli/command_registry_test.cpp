#include "command_registry.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <vector>

namespace winml::cli {
namespace {

std::vector<std::string> names(CLI::App& app) {
  std::vector<std::string> result;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) result.push_back(sub->get_name());
  std::sort(result.begin(), result.end());  // --help's order is not what this checks
  return result;
}

struct SetupCase {
  std::vector<const char*> argv;
  std::vector<std::string> top_level;  ///< the subcommands set up
};

class RegisteredCommands : public ::testing::TestWithParam<SetupCase> {};

// A named command is the only one set up (its flags are what start-up costs); anything else sets
// up every command, so help and unknown-command messages list them all.
TEST_P(RegisteredCommands, SetsUpOnlyTheNamedCommand) {
  CLI::App app;
  const auto& argv = GetParam().argv;
  add_registered_commands(app, static_cast<int>(argv.size()), argv.data());
  EXPECT_EQ(names(app), GetParam().top_level);
}

const std::vector<std::string> kAll = {"bundle", "compile", "generate", "perf", "sys"};

INSTANTIATE_TEST_SUITE_P(
    Argv, RegisteredCommands,
    ::testing::Values(SetupCase{{"winml", "perf", "--help"}, {"perf"}}, SetupCase{{"winml", "sys"}, {"sys"}},
                      SetupCase{{"winml", "bundle", "synth", "-o", "x"}, {"bundle"}}, SetupCase{{"winml"}, kAll},
                      SetupCase{{"winml", "--help"}, kAll}, SetupCase{{"winml", "bundle"}, kAll},
                      SetupCase{{"winml", "frobnicate"}, kAll}, SetupCase{{"winml", "synth"}, kAll}));

TEST(RegisteredCommands, AGroupCommandIsSetUpAloneInItsGroup) {
  CLI::App app;
  std::vector<const char*> argv = {"winml", "bundle", "derive", "--help"};
  add_registered_commands(app, static_cast<int>(argv.size()), argv.data());
  EXPECT_EQ(names(*app.get_subcommand("bundle")), std::vector<std::string>{"derive"});
}

}  // namespace
}  // namespace winml::cli
