#pragma once
/// \file
/// The whole `winml` command line as one call: main() runs it, and so does `python -m winml`
/// (the Python package's native module), in process; run_embedded is the same for a host that
/// keeps its own signals and engines (the Python API: winml.perf.run and the like).

#include <string>
#include <vector>

namespace winml::cli {

/// Runs the command `arguments` names (arguments[0] is the program's name), printing as the
/// program does, and returns its exit code: 0 success, 2 usage error, 3 outputs that fail
/// --validate, 4 a regression perf compare --fail-if-slower found, 5 a --fail-if-slower gate that
/// could not be evaluated, 130 a perf run Ctrl-C stopped (its report of what finished written), 1
/// runtime failure (docs/exit-codes.md).
int run_command_line(std::vector<std::string> arguments);

/// How a command run by run_embedded ended without an error: its exit code (0; or 4 and 5, the
/// --fail-if-slower gate's verdicts, and 130, a perf run Ctrl-C stopped, with the message the
/// program prints for them).
struct CommandEnd {
  int code = 0;
  std::string message;
};

/// The command line for a host that runs commands in its own process (the Python package): no
/// signal handlers are installed (the host owns SIGINT: it asks a benchmark to stop with
/// platform::take_interrupt_as_stop_request) and the engines are not shut down after it (the
/// host's sessions live on). Output follows the installed ConsoleHooks (console_hooks.h). A
/// command line CLI11 refuses throws UsageError; the command's errors propagate as they are.
CommandEnd run_embedded(std::vector<std::string> arguments);

}  // namespace winml::cli
