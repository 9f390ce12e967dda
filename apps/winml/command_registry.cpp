#include "command_registry.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <vector>

namespace winml::cli {
namespace {

struct Entry {
  std::string group;
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
  };
  return groups;
}

}  // namespace

CommandRegistrar::CommandRegistrar(std::string group, int order, CommandSetup setup) {
  entries().push_back({std::move(group), order, std::move(setup)});
}

void add_registered_commands(CLI::App& app) {
  auto sorted = entries();
  std::stable_sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return a.order < b.order; });
  std::map<std::string, CLI::App*> groups;
  for (const auto& entry : sorted) {
    CLI::App* parent = &app;
    if (!entry.group.empty()) {
      auto& group = groups[entry.group];
      if (group == nullptr) {
        auto it = group_descriptions().find(entry.group);
        group = app.add_subcommand(entry.group, it == group_descriptions().end() ? "" : it->second);
        group->require_subcommand(1);
      }
      parent = group;
    }
    entry.setup(*parent);
  }
}

}  // namespace winml::cli
