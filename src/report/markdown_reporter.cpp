#include <string>

#include "report/row_columns.h"
#include "report/row_reporter.h"
#include "util/printable.h"

namespace winml::report {
namespace {

// A cell must stay on its line and inside its column, and drive no terminal: a line break is a
// space, a '|' is "\|", other controls are escaped (printable).
std::string escape(const std::string& text) {
  std::string one_line = text;
  for (char& c : one_line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::string out;
  for (char c : printable(one_line)) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

void line(std::string& out, const std::vector<std::string>& cells) {
  out += '|';
  for (const std::string& c : cells) out += ' ' + c + " |";
  out += '\n';
}

}  // namespace

RowTable MarkdownReporter::shown(RowTable table, const std::vector<std::string>& swept) const {
  return choose_row_columns(table, columns_, swept);
}

std::string MarkdownReporter::render_table(const RowTable& table) const {
  std::string out;
  std::vector<std::string> header, separator;
  for (const Column& c : table.columns) {
    header.push_back(escape(c.name));
    separator.push_back(c.numeric ? "---:" : "---");
  }
  line(out, header);
  line(out, separator);
  for (const auto& row : table.rows) {
    std::vector<std::string> cells;
    cells.reserve(row.size());
    for (const Cell& cell : row) cells.push_back(escape(cell_text(cell)));
    line(out, cells);
  }
  return out;
}

}  // namespace winml::report
