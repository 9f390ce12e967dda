// Fuzz target: arbitrary command lines through winml's real CLI (every registered subcommand, its
// flags and validators), checked and parsed as main() does, with the commands disabled so nothing runs. Each input line
// is one argument after `winml`. Parsing may only end in success, a CLI11 parse error, help/version, or a winml::Error
// from a validator: any other exception, crash or sanitizer report is a bug.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app.h"
#include "command_registry.h"
#include "winml/errors.h"

namespace {

constexpr std::size_t kMaxArguments = 64;

std::vector<std::string> split_lines(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"winml"};
  std::string current;
  for (std::size_t i = 0; i < size && args.size() <= kMaxArguments; ++i) {
    if (data[i] == '\n') {
      args.push_back(std::move(current));
      current.clear();
    } else {
      current.push_back(static_cast<char>(data[i]));
    }
  }
  if (!current.empty() && args.size() <= kMaxArguments) args.push_back(std::move(current));
  return args;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = split_lines(data, size);
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);

  // The command words are checked against every command first, on one app built once: that
  // check only reads the app, and an unknown word (most mutated inputs) ends there, as in main(),
  // where argv naming no command sets up every command. Only inputs that name a command get an
  // app of their own, built as main() builds it from argv (that command's flags alone), so no
  // parse leaves state for the next input. Building every command per input cost most of each run.
  static const std::unique_ptr<CLI::App> every_command = winml::cli::make_app();
  const int argc = static_cast<int>(args.size());
  try {
    winml::cli::check_command_words(*every_command, argc, argv.data());
    std::unique_ptr<CLI::App> app = winml::cli::make_app(argc, argv.data());
    winml::cli::disable_commands(*app);
    winml::cli::check_command_words(*app, argc, argv.data());
    app->parse(argc, argv.data());
  } catch (const winml::cli::CommandsDisabled&) {
    // Parsed and validated: a command would run now.
  } catch (const CLI::Error&) {
    // Usage errors, --help and --version: what main() maps to its exit codes.
  } catch (const winml::Error&) {
    // A validator's own error; main() maps it too.
  }
  return 0;
}
