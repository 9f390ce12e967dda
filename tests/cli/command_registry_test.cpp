#include "command_registry.h"

#include "winml/errors.h"

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

const std::vector<std::string> kAll = {"bundle", "cache", "compile", "generate", "perf", "sys"};

INSTANTIATE_TEST_SUITE_P(
    Argv, RegisteredCommands,
    ::testing::Values(SetupCase{{"winml", "perf", "--help"}, {"perf"}}, SetupCase{{"winml", "sys"}, {"sys"}},
                      SetupCase{{"winml", "bundle", "synth", "-o", "x"}, {"bundle"}}, SetupCase{{"winml"}, kAll},
                      SetupCase{{"winml", "--help"}, kAll}, SetupCase{{"winml", "bundle"}, kAll},
                      SetupCase{{"winml", "frobnicate"}, kAll}, SetupCase{{"winml", "synth"}, kAll}));

TEST(RegisteredCommands, ACommandUnderACommandIsSetUpAloneWhenNamed) {
  CLI::App app;
  std::vector<const char*> argv = {"winml", "perf", "report", "a.json", "-o", "a.html"};
  add_registered_commands(app, static_cast<int>(argv.size()), argv.data());
  EXPECT_EQ(names(app), std::vector<std::string>{"perf"});
  EXPECT_EQ(names(*app.get_subcommand("perf")), std::vector<std::string>{"report"});
  EXPECT_EQ(app.get_subcommand("perf")->get_option_no_throw("--model"), nullptr);  // perf's own flags: not set up
}

// `winml perf` is set up with the commands under it, so `perf --help` lists them and a run of
// perf itself parses as before.
TEST(RegisteredCommands, ACommandComesWithTheCommandsUnderIt) {
  CLI::App app;
  std::vector<const char*> argv = {"winml", "perf", "-m", "bundle"};
  add_registered_commands(app, static_cast<int>(argv.size()), argv.data());
  CLI::App* perf = app.get_subcommand("perf");
  EXPECT_NE(perf->get_option_no_throw("--model"), nullptr);
  EXPECT_EQ(names(*perf), (std::vector<std::string>{"compare", "ls", "merge", "report"}));
  EXPECT_NO_THROW(check_command_words(app, static_cast<int>(argv.size()), argv.data()));
}

TEST(CommandWords, ACommandWithCommandsTakesItsOwnArguments) {
  CLI::App app;
  std::vector<const char*> all = {"winml"};
  add_registered_commands(app, 1, all.data());
  for (std::vector<const char*> argv : {std::vector<const char*>{"winml", "perf", "-m", "x"},
                                        {"winml", "perf", "report", "a.json"},
                                        {"winml", "perf"}}) {
    EXPECT_NO_THROW(check_command_words(app, static_cast<int>(argv.size()), argv.data())) << argv.back();
  }
  std::vector<const char*> group_alone = {"winml", "bundle"};
  EXPECT_THROW(check_command_words(app, 2, group_alone.data()), UsageError);
}

TEST(RegisteredCommands, AGroupCommandIsSetUpAloneInItsGroup) {
  CLI::App app;
  std::vector<const char*> argv = {"winml", "bundle", "derive", "--help"};
  add_registered_commands(app, static_cast<int>(argv.size()), argv.data());
  EXPECT_EQ(names(*app.get_subcommand("bundle")), std::vector<std::string>{"derive"});
}

}  // namespace
}  // namespace winml::cli
