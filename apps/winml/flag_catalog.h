#pragma once
/// \file
/// The flags of one command, for a host that turns its own arguments into them: the Python API
/// takes every flag of `winml perf` as a keyword (threads=[1, 2] is --threads 1,2), and asks here
/// which exist and what each takes.

#include <string>
#include <vector>

namespace winml::cli {

/// One flag of a command.
struct FlagInfo {
  std::string name;          ///< the long name without dashes: "max-new-tokens"
  bool takes_value = false;  ///< false: a switch (--cold), given or not
  bool repeatable = false;   ///< may be given more than once (--shape, --ep-library, -v)
  std::string negation;      ///< the switch that turns it off ("no-compile"), or empty
  std::string short_name;    ///< the one-letter name without its dash ("n" for -n), or empty
  std::string description;   ///< the help line, as `winml COMMAND --help` prints it
  std::string value_name;    ///< what the value is called in the help ("N", "MS"), or empty
  std::string default_text;  ///< the default the help shows, or empty
};

/// The flags of the command `path` names ({"perf"}, {"bundle", "synth"}), in the order its help
/// lists them, --help left out. Throws UsageError naming the commands when there is no such one.
std::vector<FlagInfo> command_flags(const std::vector<std::string>& path);

}  // namespace winml::cli
