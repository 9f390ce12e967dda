#pragma once
/// \file
/// Subcommands register themselves here (one file per subcommand, each with an options struct, a
/// setup function that binds flags and a run function), so main() only builds the app.

#include <functional>
#include <string>

namespace CLI {
class App;
}

namespace winml::cli {

/// Adds a subcommand to `parent` (the root app, or a group such as "bundle").
using CommandSetup = std::function<void(CLI::App& parent)>;

/// Registers a subcommand under the group `group` ("" = top level). `order` sorts --help.
struct CommandRegistrar {
  CommandRegistrar(std::string group, int order, CommandSetup setup);
};

/// Adds every registered subcommand to the app, creating groups as needed.
void add_registered_commands(CLI::App& app);

/// Checks the command words in argv[1..argc) before CLI11 parses them, because CLI11 reports an
/// unknown command as "A subcommand is required". Throws UsageError naming the unknown word (or
/// the missing command) and listing the commands that exist at that level.
void check_command_words(CLI::App& app, int argc, const char* const* argv);

}  // namespace winml::cli
