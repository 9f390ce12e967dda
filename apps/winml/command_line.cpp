// The winml command line as one call (command_line.h): builds the app from the registered
// subcommands, runs the one the arguments name, and maps errors to exit codes. Nothing here loads
// ONNX Runtime.

#include "command_line.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app.h"
#include "command_registry.h"
#include "console_output.h"
#include "engine_log.h"
#include "platform/command_line.h"
#include "platform/signal_cleanup.h"
#include "platform/terminal.h"
#include "regression_found.h"
#include "run_interrupted.h"
#include "suggestions.h"
#include "util/printable.h"
#include "winml/engine_scope.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

int exit_code_for(const winml::Error& error) {
  switch (error.category()) {
    case winml::ErrorCategory::usage:
      return 2;
    case winml::ErrorCategory::validation:
      return 3;
    default:
      return 1;
  }
}

// The command line CLI11 refused, in winml's words: `message`, and whether the usage hint follows.
struct RefusedCommandLine {
  std::string message;
  bool usage_hint = false;
};

// Parses `raw_arguments` and runs the command they name. Help and version print and end with
// their code; the gate's and Ctrl-C's ends come back as a code and a message; a refused command
// line throws RefusedCommandLine, and the command's own errors propagate.
CommandEnd parse_and_run(std::vector<std::string> raw_arguments) {
  // `winml help perf` is `winml perf --help`.
  std::vector<std::string> arguments = expand_help_command(std::move(raw_arguments));
  int argc = static_cast<int>(arguments.size());
  std::vector<char*> argv_pointers = winml::platform::argv_of(arguments);
  char** argv = argv_pointers.data();
  std::unique_ptr<CLI::App> app_owner = make_app(argc, argv);
  CLI::App& app = *app_owner;
  try {
    check_command_words(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {app.exit(e), {}};
  } catch (const CLI::CallForAllHelp& e) {
    return {app.exit(e), {}};
  } catch (const CLI::CallForVersion& e) {
    return {app.exit(e), {}};
  } catch (const CLI::ExtrasError&) {
    throw RefusedCommandLine{unexpected_argument_message(app)};
  } catch (const CLI::ParseError& e) {
    // CLI11 checks required flags before it looks at stray words, but a stray word is the likelier
    // mistake: `winml perf reprot a.json` is a mistyped command, not a run that lacks --model.
    if (!app.remaining(true).empty()) throw RefusedCommandLine{unexpected_argument_message(app)};
    throw RefusedCommandLine{e.what(), true};
  } catch (const RegressionFound& e) {
    return {kExitRegression, e.what()};
  } catch (const RunInterrupted& e) {
    return {kExitInterrupted, e.what()};
  } catch (const GateNotEvaluated& e) {
    return {kExitGateNotEvaluated, e.what()};
  }
  return {};
}

}  // namespace

int run_command_line(std::vector<std::string> arguments) {
  // Ctrl-C or a kill during a write deletes the temporary files in flight, then exits by the signal.
  winml::platform::remove_temp_files_on_signal();
  winml::platform::use_utf8_console();
  // ONNX Runtime's and GenAI's log lines go through our stderr output, at the default verbosity
  // until a command's -v/-q says otherwise.
  route_engine_logs(0);
  // Destroyed last: every model created by a command callback is gone by then.
  winml::EngineScope engines;
  int code = 0;
  // Messages may repeat what came from a file or an argument: printed with controls escaped.
  auto say = [](const std::string& before, const std::string& message, const std::string& after) {
    std::fputs((before + winml::printable_message(message) + after).c_str(), stderr);
  };
  try {
    const CommandEnd end = parse_and_run(std::move(arguments));
    code = end.code;
    // A gate's verdict is an error to the shell; Ctrl-C's message says what the report holds.
    if (!end.message.empty()) say(code == kExitInterrupted ? "" : "error: ", end.message, "\n");
  } catch (const RefusedCommandLine& refused) {
    say("error: ", refused.message,
        refused.usage_hint ? "\nRun 'winml --help' (or 'winml <command> --help') for usage.\n" : "\n");
    code = 2;
  } catch (const winml::Error& e) {
    say("error: ", e.what(), "\n");
    code = exit_code_for(e);
  } catch (const std::exception& e) {
    // Not a winml::Error: nothing translated it, so it names no fix. Said as such so that a lost
    // category (e.g. an engine error that no longer matches winml::Error across the plugin
    // boundary, see engine/engine.h) is visible rather than passing as an ordinary failure.
    say("error: unexpected failure: ", e.what(), " (please report it: winml has no advice for it)\n");
    code = 1;
  }
  return finish_stdout(code);  // output lost to a full disk is a failure too
}

CommandEnd run_embedded(std::vector<std::string> arguments) {
  route_engine_logs(0);
  try {
    return parse_and_run(std::move(arguments));
  } catch (const RefusedCommandLine& refused) {
    throw UsageError(refused.message);
  }
}

}  // namespace winml::cli
