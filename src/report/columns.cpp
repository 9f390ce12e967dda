#include "report/columns.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "winml/errors.h"

namespace winml::report {
namespace {

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(' ') - first + 1));
}

}  // namespace

ColumnChoice parse_columns(std::string_view list) {
  if (trimmed(list) == "all") return {.all = true, .names = {}};
  ColumnChoice choice;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    std::string name = trimmed(list.substr(start, comma - start));
    if (name.empty()) {
      throw UsageError(
          fmt::format("--columns '{}' has an empty name: give a comma list of column names, e.g. "
                      "--columns threads,ttft_mean_ms, or all",
                      list));
    }
    choice.names.push_back(std::move(name));
    if (comma == list.size()) return choice;
    start = comma + 1;
  }
}

std::vector<std::size_t> chosen_columns(const ColumnChoice& choice, const std::vector<std::string>& names,
                                        const std::vector<bool>& in_default, const std::vector<bool>& fixed,
                                        std::string_view table) {
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i < fixed.size() && fixed[i]) shown.push_back(i);
  }
  if (choice.names.empty()) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      const bool is_fixed = i < fixed.size() && fixed[i];
      if (!is_fixed && (choice.all || (i < in_default.size() && in_default[i]))) shown.push_back(i);
    }
    return shown;
  }
  std::vector<std::string> choosable;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!(i < fixed.size() && fixed[i])) choosable.push_back(names[i]);
  }
  for (const std::string& name : choice.names) {
    const auto found = std::find(choosable.begin(), choosable.end(), name);
    if (found == choosable.end()) {
      throw UsageError(fmt::format("--columns: the {} has no column '{}': use some of {}, or all", table, name,
                                   fmt::join(choosable, ",")));
    }
    const auto index = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
    if (std::find(shown.begin(), shown.end(), index) == shown.end()) shown.push_back(index);
  }
  return shown;
}

}  // namespace winml::report
