#include "report/text_table.h"

#include <algorithm>

#include "report/text_units.h"
#include "util/printable.h"

namespace winml::report::text {

Style Style::make(bool color) {
  if (!color) return {};
  return {"\x1b[1m", "\x1b[36m", "\x1b[33m", "\x1b[0m", "\x1b[32m", "\x1b[31m"};
}

Table::Table(std::vector<std::string> header, bool numeric) : header_(std::move(header)), numeric_(numeric) {}

void Table::align_left(std::size_t column) { left_columns_.push_back(column); }

void Table::add_row(std::vector<std::string> cells, std::vector<std::string> tones) {
  // Cells repeat what came from files (a bundle's path, a model's input names, an EP's name): a
  // cell stays on its line and drives no terminal. Colour comes from `tones`, never a cell.
  for (std::string& cell : cells) cell = printable(cell);
  rows_.push_back(std::move(cells));
  tones_.push_back(std::move(tones));
}

void Table::keep_columns(const std::vector<std::size_t>& columns) {
  // A cell past a short row's end is empty in its new place, and trailing absent cells are dropped.
  auto pick = [&columns](const std::vector<std::string>& row) {
    std::vector<std::string> kept;
    std::size_t present = 0;
    for (std::size_t c : columns) {
      kept.push_back(c < row.size() ? row[c] : std::string());
      if (c < row.size()) present = kept.size();
    }
    kept.resize(present);
    return kept;
  };
  if (!header_.empty()) header_ = pick(header_);
  for (auto& row : rows_) row = pick(row);
  for (auto& tones : tones_) tones = pick(tones);
  std::vector<std::size_t> left;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (std::find(left_columns_.begin(), left_columns_.end(), columns[i]) != left_columns_.end()) left.push_back(i);
  }
  left_columns_ = std::move(left);
}

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

  auto line = [&](const std::vector<std::string>& row, bool is_header, const std::vector<std::string>& tones) {
    std::string out(indent, ' ');
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool left =
          i == 0 || !numeric_ || std::find(left_columns_.begin(), left_columns_.end(), i) != left_columns_.end();
      // A left-aligned last cell is not padded: no trailing spaces.
      std::string cell = (left && i + 1 == row.size()) ? row[i] : pad(row[i], widths[i], left);
      const char* on = is_header
                           ? style.bold
                           : (i < tones.size() && !tones[i].empty() ? tones[i].c_str() : (i == 0 ? style.label : ""));
      if (i > 0) out += "  ";
      out += *on != '\0' ? std::string(on) + cell + style.reset : cell;
    }
    return out + "\n";
  };
  std::string out;
  if (!header_.empty()) out += line(header_, true, {});
  for (std::size_t r = 0; r < rows_.size(); ++r) out += line(rows_[r], false, tones_[r]);
  return out;
}

}  // namespace winml::report::text
