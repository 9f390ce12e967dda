#include "report/row_columns.h"

#include <algorithm>

#include "perf/sweep_axes.h"
#include "report/row_reporter.h"

namespace winml::report {

const std::vector<std::string>& headline_columns(const std::string& kind) {
  static const std::vector<std::string> genai = {"ttft_mean_ms", "tpot_mean_ms", "decode_rate_mean_tokens_per_s",
                                                 "output_tokens_per_s", "peak_rss_bytes"};
  static const std::vector<std::string> onnx = {"latency_mean_ms", "latency_p90_ms", "samples_per_s", "peak_rss_bytes"};
  return kind == "onnx" ? onnx : genai;
}

namespace {

bool is_setting(const std::string& name) {
  const auto& specs = perf::sweep_axis_specs();
  return std::any_of(specs.begin(), specs.end(), [&](const perf::SweepAxisSpec& s) { return name == s.name; });
}

bool differs(const RowTable& table, std::size_t column) {
  return std::any_of(table.rows.begin(), table.rows.end(), [&](const std::vector<Cell>& row) {
    return cell_text(row[column]) != cell_text(table.rows.front()[column]);
  });
}

}  // namespace

RowTable choose_row_columns(const RowTable& table, const ColumnChoice& choice, const std::vector<std::string>& swept) {
  std::vector<std::string> names;
  std::vector<bool> in_default;
  const auto& headline = headline_columns(table.kind);
  bool any_setting = false;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    const std::string& name = table.columns[i].name;
    names.push_back(name);
    const bool setting = swept.empty() ? is_setting(name) && !table.rows.empty() && differs(table, i)
                                       : std::find(swept.begin(), swept.end(), name) != swept.end();
    any_setting = any_setting || setting;
    in_default.push_back(setting || std::find(headline.begin(), headline.end(), name) != headline.end());
  }
  if (!any_setting) {
    const auto ep = std::find(names.begin(), names.end(), "ep");
    if (ep != names.end()) in_default[static_cast<std::size_t>(ep - names.begin())] = true;
  }
  const std::vector<std::size_t> shown = chosen_columns(choice, names, in_default, {}, "md table");
  RowTable chosen{.kind = table.kind, .columns = {}, .rows = {}};
  for (std::size_t c : shown) chosen.columns.push_back(table.columns[c]);
  for (const auto& row : table.rows) {
    std::vector<Cell> cells;
    cells.reserve(shown.size());
    for (std::size_t c : shown) cells.push_back(row[c]);
    chosen.rows.push_back(std::move(cells));
  }
  return chosen;
}

}  // namespace winml::report
