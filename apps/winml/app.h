#pragma once
/// \file
/// The whole winml command line in one CLI::App, built from the registered subcommands. main()
/// parses it to run a command; the CLI fuzz target (fuzz/) parses it with the commands disabled.

#include <exception>
#include <memory>

namespace CLI {
class App;
}

namespace winml::cli {

/// The root app: description, --version, exactly one required subcommand, and the registered
/// subcommands with their flags and validators: every one, or only the one argv names (main()
/// passes its argv so that start-up binds one command's flags; see add_registered_commands).
std::unique_ptr<CLI::App> make_app(int argc = 0, const char* const* argv = nullptr);

/// Thrown by parse() of an app given to disable_commands(), once every flag has been parsed,
/// converted and validated and every requirement checked, instead of running the command.
class CommandsDisabled : public std::exception {
 public:
  /// A fixed description.
  const char* what() const noexcept override { return "parsed; commands are disabled"; }
};

/// Makes parse() stop with CommandsDisabled right before the chosen subcommand's callback would
/// run: nothing is loaded, read beyond the validators' checks, or written. The callbacks stay in
/// place because they own the option values the parser writes into.
void disable_commands(CLI::App& app);

}  // namespace winml::cli
