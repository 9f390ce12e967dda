#include "report/text_table.h"

#include <algorithm>

#include "report/text_units.h"

namespace winml::report::text {

Style Style::make(bool color) {
  if (!color) return {};
  return {"\x1b[1m", "\x1b[36m", "\x1b[33m", "\x1b[0m"};
}

Table::Table(std::vector<std::string> header, bool numeric) : header_(std::move(header)), numeric_(numeric) {}

void Table::add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

namespace {

std::string pad(const std::string& cell, std::size_t width, bool left) {
  const std::string fill(width - std::min(width, display_width(cell)), ' ');
  return left ? cell + fill : fill + cell;
}

}  // namespace

std::string Table::render(const Style& style, std::size_t indent) const {
  std::vector<std::size_t> widths;
  auto measure = [&](const std::vector<std::string>& row) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  };
  measure(header_);
  for (const auto& row : rows_) measure(row);

  auto line = [&](const std::vector<std::string>& row, bool is_header) {
    std::string out(indent, ' ');
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool left = i == 0 || !numeric_;
      // A left-aligned last cell is not padded: no trailing spaces.
      std::string cell = (left && i + 1 == row.size()) ? row[i] : pad(row[i], widths[i], left);
      const char* on = is_header ? style.bold : (i == 0 ? style.label : "");
      if (i > 0) out += "  ";
      out += *on != '\0' ? std::string(on) + cell + style.reset : cell;
    }
    return out + "\n";
  };
  std::string out;
  if (!header_.empty()) out += line(header_, true);
  for (const auto& row : rows_) out += line(row, false);
  return out;
}

}  // namespace winml::report::text
