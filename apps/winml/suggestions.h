#pragma once
/// \file
/// What to say about a word the command line does not know: a mistyped command or flag is
/// answered with the nearest known one (util/nearest_name.h), "did you mean 'perf'?".

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace winml::cli {

/// "; did you mean 'perf'?" when one of `known` is near `typed`, else "".
std::string did_you_mean(const std::string& typed, const std::vector<std::string>& known);

/// The message for CLI11's ExtrasError after `root` parsed: names the command, the first word it
/// did not expect, the nearest flag (or, for a plain word, command) it has, and where its flags
/// are listed. E.g. "unknown option '--iteration' for 'winml perf'; did you mean '--iterations'?".
std::string unexpected_argument_message(const CLI::App& root);

/// `arguments` (argv, program name first) with "winml help [WORDS...]" turned into
/// "winml [WORDS...] --help", so `winml help perf report` prints that command's help.
std::vector<std::string> expand_help_command(std::vector<std::string> arguments);

}  // namespace winml::cli
