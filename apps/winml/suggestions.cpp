#include "suggestions.h"

#include <CLI/CLI.hpp>
#include <optional>

#include "util/nearest_name.h"

namespace winml::cli {
namespace {

// Every spelling of the flags of `command`: "-m", "--model", "--no-compile".
std::vector<std::string> flag_spellings(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const auto& s : option->get_snames()) names.push_back("-" + s);
    for (const auto& l : option->get_lnames()) names.push_back("--" + l);
  }
  return names;
}

}  // namespace

std::string did_you_mean(const std::string& typed, const std::vector<std::string>& known) {
  const std::optional<std::string> nearest = nearest_name(typed, known);
  return nearest ? "; did you mean '" + *nearest + "'?" : "";
}

std::string unexpected_argument_message(const CLI::App& root) {
  // The command that ran the parse: the chain of parsed subcommands from the root.
  const CLI::App* command = &root;
  std::string path = "winml";
  while (!command->get_subcommands().empty()) {
    command = command->get_subcommands().front();
    path += " " + command->get_name();
  }
  const std::vector<std::string> extras = root.remaining(true);
  const std::string word = extras.empty() ? std::string() : extras.front();
  const std::string help = " Run '" + path + " --help' for its flags and arguments.";
  // "." ends the sentence unless a "; did you mean '...'?" does.
  const auto end = [](const std::string& suggestion) { return suggestion.empty() ? std::string(".") : suggestion; };
  if (!word.empty() && word.front() == '-') {
    const std::string name = word.substr(0, word.find('='));  // "--iteration=5" names "--iteration"
    return "unknown option '" + name + "' for '" + path + "'" + end(did_you_mean(name, flag_spellings(*command))) +
           help;
  }
  std::vector<std::string> commands;
  for (const CLI::App* sub : command->get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(sub->get_name());
  }
  std::string suggestion = did_you_mean(word, commands);
  if (!suggestion.empty()) {
    // Named as a whole command: "did you mean 'perf report'?".
    const std::string nearest = *nearest_name(word, commands);
    suggestion = "; did you mean '" + path + " " + nearest + "'?";
  }
  return "'" + path + "' does not take the argument '" + word + "'" + end(suggestion) + help;
}

std::vector<std::string> expand_help_command(std::vector<std::string> arguments) {
  if (arguments.size() < 2 || arguments[1] != "help") return arguments;
  arguments.erase(arguments.begin() + 1);
  arguments.emplace_back("--help");
  return arguments;
}

}  // namespace winml::cli
