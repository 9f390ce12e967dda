#include "flag_catalog.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>

#include "app.h"
#include "winml/errors.h"

namespace winml::cli {

std::vector<FlagInfo> command_flags(const std::vector<std::string>& path) {
  const std::unique_ptr<CLI::App> app = make_app();
  const CLI::App* command = app.get();
  for (const std::string& word : path) {
    const auto subcommands = command->get_subcommands([&](const CLI::App* sub) { return sub->get_name() == word; });
    if (subcommands.empty()) {
      throw UsageError(fmt::format("winml has no command '{}': see winml --help", fmt::join(path, " ")));
    }
    command = subcommands.front();
  }
  std::vector<FlagInfo> flags;
  for (const CLI::Option* option : command->get_options()) {
    const std::vector<std::string>& names = option->get_lnames();
    if (names.empty() || names.front() == "help") continue;  // a positional, or --help
    FlagInfo flag;
    flag.name = names.front();
    // A switch expects no value; CLI11 takes a vector option's values, or a counting switch's
    // repeats (-v -v), more than once.
    flag.takes_value = option->get_expected_max() > 0;
    const CLI::MultiOptionPolicy policy = option->get_multi_option_policy();
    flag.repeatable = flag.takes_value
                          ? option->get_expected_max() > 1
                          : policy == CLI::MultiOptionPolicy::TakeAll || policy == CLI::MultiOptionPolicy::Join;
    const std::string off = "no-" + flag.name;
    if (!flag.takes_value && std::find(names.begin(), names.end(), off) != names.end()) flag.negation = off;
    if (!option->get_snames().empty()) flag.short_name = option->get_snames().front();
    flag.description = option->get_description();
    if (flag.takes_value) flag.value_name = option->get_type_name();
    flag.default_text = option->get_default_str();
    flags.push_back(flag);
  }
  return flags;
}

}  // namespace winml::cli
