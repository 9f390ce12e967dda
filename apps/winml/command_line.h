#pragma once
/// \file
/// The whole `winml` command line as one call: main() runs it, and so does `python -m winml`
/// (the Python package's native module), in process.

#include <string>
#include <vector>

namespace winml::cli {

/// Runs the command `arguments` names (arguments[0] is the program's name), printing as the
/// program does, and returns its exit code: 0 success, 2 usage error, 3 outputs that fail
/// --validate, 4 a regression perf compare --fail-if-slower found, 5 a --fail-if-slower gate that
/// could not be evaluated, 130 a perf run Ctrl-C stopped (its report of what finished written), 1
/// runtime failure (docs/exit-codes.md).
int run_command_line(std::vector<std::string> arguments);

}  // namespace winml::cli
