#include "suggestions.h"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "app.h"
#include "command_registry.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

using Args = std::vector<std::string>;

// The message main() prints for `args` (after "winml"): check_command_words' or, for a word the
// command does not take, unexpected_argument_message's.
std::string refusal(Args args) {
  args.insert(args.begin(), "winml");
  std::vector<const char*> argv;
  for (const auto& arg : args) argv.push_back(arg.c_str());
  const int argc = static_cast<int>(argv.size());
  auto app = make_app(argc, argv.data());
  disable_commands(*app);
  try {
    check_command_words(*app, argc, argv.data());
    app->parse(argc, argv.data());
  } catch (const UsageError& e) {
    return e.what();
  } catch (const CLI::ExtrasError&) {
    return unexpected_argument_message(*app);
  } catch (const CommandsDisabled&) {
    return "parsed";
  } catch (const CLI::ParseError& e) {
    return std::string("CLI11: ") + e.what();
  }
  return "ran";
}

TEST(Suggestions, AMistypedCommand) {
  const std::string message = refusal({"pref"});
  EXPECT_NE(message.find("unknown command 'pref'; did you mean 'perf'? Commands:"), std::string::npos) << message;
  EXPECT_NE(refusal({"hlep"}).find("did you mean 'help'?"), std::string::npos);
  EXPECT_NE(refusal({"bundle", "snyth"}).find("unknown command 'bundle snyth'; did you mean 'synth'?"),
            std::string::npos);
  EXPECT_EQ(refusal({"frobnicate"}).find("did you mean"), std::string::npos);
  EXPECT_NE(refusal({"frobnicate"}).find("unknown command 'frobnicate'. Commands:"), std::string::npos);
}

TEST(Suggestions, AMistypedFlag) {
  test::TempDir dir;
  const std::string model = dir.path().string();
  std::string message = refusal({"perf", "-m", model, "--iteration", "5"});
  EXPECT_NE(message.find("unknown option '--iteration' for 'winml perf'; did you mean '--iterations'?"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("Run 'winml perf --help'"), std::string::npos) << message;
  message = refusal({"perf", "-m", model, "--warmpu=3"});
  EXPECT_NE(message.find("'--warmpu' for 'winml perf'; did you mean '--warmup'?"), std::string::npos) << message;
  message = refusal({"bundle", "synth", "-o", model, "--layer", "3"});
  EXPECT_NE(message.find("for 'winml bundle synth'; did you mean '--layers'?"), std::string::npos) << message;
  message = refusal({"perf", "-m", model, "--frobnicate"});
  EXPECT_NE(message.find("unknown option '--frobnicate' for 'winml perf'. Run"), std::string::npos) << message;
  EXPECT_NE(refusal({"--verison"}).find("did you mean '--version'?"), std::string::npos);
}

TEST(Suggestions, AMistypedSubcommandAfterACommand) {
  test::TempDir dir;
  const std::string message = refusal({"perf", "-m", dir.path().string(), "reprot"});
  EXPECT_NE(message.find("'winml perf' does not take the argument 'reprot'; did you mean 'winml perf report'?"),
            std::string::npos)
      << message;
}

TEST(Suggestions, HelpCommand) {
  EXPECT_EQ(expand_help_command({"winml", "help"}), (Args{"winml", "--help"}));
  EXPECT_EQ(expand_help_command({"winml", "help", "perf", "report"}), (Args{"winml", "perf", "report", "--help"}));
  EXPECT_EQ(expand_help_command({"winml", "perf", "help"}), (Args{"winml", "perf", "help"}));
  EXPECT_EQ(expand_help_command({"winml"}), (Args{"winml"}));
}

}  // namespace
}  // namespace winml::cli
