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

/// Registers the subcommand `name` (which `setup` adds) under the group `group` ("" = top level).
/// `order` sorts --help.
struct CommandRegistrar {
  CommandRegistrar(std::string group, std::string name, int order, CommandSetup setup);
};

/// Adds the registered subcommands to the app, creating groups as needed. When argv[1..argc)
/// starts with the words of one registered command ("perf", "bundle synth"), only that command is
/// set up: binding every other command's flags is most of what start-up would otherwise cost
/// (bench/help_latency_bench.cpp), and a run uses one command. Otherwise (no command, a group
/// alone, an unknown word) all are, so help listings and check_command_words see every command.
void add_registered_commands(CLI::App& app, int argc, const char* const* argv);

/// Checks the command words in argv[1..argc) before CLI11 parses them, because CLI11 reports an
/// unknown command as "A subcommand is required". Throws UsageError naming the unknown word (or
/// the missing command) and listing the commands that exist at that level.
void check_command_words(CLI::App& app, int argc, const char* const* argv);

}  // namespace winml::cli
