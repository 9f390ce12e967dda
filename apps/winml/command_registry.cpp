#include "command_registry.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "suggestions.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

struct Entry {
  std::string group;
  std::string name;
  int order;
  CommandSetup setup;
};

std::vector<Entry>& entries() {
  static std::vector<Entry> all;
  return all;
}

const std::map<std::string, std::string>& group_descriptions() {
  static const std::map<std::string, std::string> groups = {
      {"bundle", "Create and prepare GenAI bundles"},
      {"cache", "Clean winml's cache folder: default reports and derived bundles"},
      // Set up as a bare group only when "perf report" alone is named; otherwise `perf` itself.
      {"perf", "Benchmark a GenAI bundle or a single ONNX model"},
  };
  return groups;
}

std::vector<CLI::App*> subcommands_of(CLI::App& app) {
  return app.get_subcommands([](CLI::App*) { return true; });
}

// The subcommand of `app` called `word`, or null.
CLI::App* find_subcommand(CLI::App& app, const std::string& word) {
  for (CLI::App* sub : subcommands_of(app)) {
    if (sub->check_name(word)) return sub;
  }
  return nullptr;
}

// "generate, perf, ..." for the subcommands of `app`, prefixed with its path ("bundle synth").
std::string command_list(CLI::App& app, const std::string& path) {
  std::string list;
  for (const CLI::App* sub : subcommands_of(app)) {
    if (!list.empty()) list += ", ";
    list += path.empty() ? sub->get_name() : path + " " + sub->get_name();
  }
  return list;
}

// The names of the subcommands of `app`; at the root also "help" (main.cpp's `winml help`).
std::vector<std::string> command_names(CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : subcommands_of(app)) names.push_back(sub->get_name());
  if (app.get_parent() == nullptr) names.emplace_back("help");
  return names;
}

// "." after a sentence, or the "; did you mean '...'?" that ends it instead.
std::string sentence_end(const std::string& suggestion) { return suggestion.empty() ? "." : suggestion; }

// A group ("bundle", the root) only selects a command; a command runs itself.
bool is_group(const CLI::App& app) { return app.get_require_subcommand_min() > 0; }

}  // namespace

void check_command_words(CLI::App& app, int argc, const char* const* argv) {
  CLI::App* level = &app;
  std::string path;  // the command words accepted so far, e.g. "bundle"
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || subcommands_of(*level).empty()) return;
    // A command with commands of its own ("perf", with "perf report") takes its flags and
    // arguments when the word names none of them.
    if (!is_group(*level) && (word.front() == '-' || find_subcommand(*level, word) == nullptr)) return;
    // Before a command only --help and --version are options; a command's own flags follow it,
    // and CLI11 would report any other flag here only as a missing command.
    if (word.front() == '-') {
      if (word == "-h" || word == "--help" || word == "--version") return;
      throw UsageError("unknown option '" + word + "' for 'winml" + (path.empty() ? "" : " " + path) + "'" +
                       sentence_end(did_you_mean(word, path.empty() ? std::vector<std::string>{"--help", "--version"}
                                                                    : std::vector<std::string>{"--help"})) +
                       " A command's flags go after the command: " + command_list(*level, path) + ". Run 'winml " +
                       (path.empty() ? "" : path + " ") + "--help' for what each does.");
    }
    CLI::App* next = find_subcommand(*level, word);
    if (next == nullptr) {
      throw UsageError("unknown command '" + (path.empty() ? word : path + " " + word) + "'" +
                       sentence_end(did_you_mean(word, command_names(*level))) +
                       " Commands: " + command_list(*level, path) + ". Run 'winml " + (path.empty() ? "" : path + " ") +
                       "--help' for what each does.");
    }
    level = next;
    path += (path.empty() ? "" : " ") + word;
  }
  if (is_group(*level) && !subcommands_of(*level).empty()) {
    throw UsageError("'winml" + (path.empty() ? "" : " " + path) + "' needs a command: " + command_list(*level, path) +
                     ". Run 'winml " + (path.empty() ? "" : path + " ") + "--help' for what each does.");
  }
}

namespace {

// The entries that argv's leading command words name: a grouped command alone ("bundle synth",
// "perf report"), or a top-level command with the commands grouped under it ("perf", so that its
// --help lists "perf report"); empty when the words name none.
std::vector<Entry> named_commands(int argc, const char* const* argv) {
  auto word = [&](int i) { return i < argc && argv[i] != nullptr ? std::string(argv[i]) : std::string(); };
  for (const Entry& entry : entries()) {
    if (!entry.group.empty() && word(1) == entry.group && word(2) == entry.name) return {entry};
  }
  std::vector<Entry> named;
  for (const Entry& entry : entries()) {
    if (entry.group.empty() && word(1) == entry.name) named.push_back(entry);
  }
  if (named.empty()) return named;
  for (const Entry& entry : entries()) {
    if (entry.group == word(1)) named.push_back(entry);
  }
  return named;
}

}  // namespace

CommandRegistrar::CommandRegistrar(std::string group, std::string name, int order, CommandSetup setup) {
  entries().push_back({std::move(group), std::move(name), order, std::move(setup)});
}

void add_registered_commands(CLI::App& app, int argc, const char* const* argv) {
  std::vector<Entry> sorted = named_commands(argc, argv);
  if (sorted.empty()) sorted = entries();
  // Top-level commands first: a command grouped under one ("perf report") is added to it.
  std::stable_sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) {
    return std::pair(!a.group.empty(), a.order) < std::pair(!b.group.empty(), b.order);
  });
  std::map<std::string, CLI::App*> groups;
  for (const auto& entry : sorted) {
    CLI::App* parent = &app;
    if (!entry.group.empty()) {
      auto& group = groups[entry.group];
      if (group == nullptr) group = find_subcommand(app, entry.group);
      if (group == nullptr) {
        auto it = group_descriptions().find(entry.group);
        group = app.add_subcommand(entry.group, it == group_descriptions().end() ? "" : it->second);
        group->require_subcommand(1);
      }
      parent = group;
    }
    entry.setup(*parent);
    // The registered name selects the command to set up: it must be the one setup added.
    if (find_subcommand(*parent, entry.name) == nullptr) {
      throw std::logic_error("command '" + entry.name + "' is registered under a name its setup does not add");
    }
  }
}

}  // namespace winml::cli
