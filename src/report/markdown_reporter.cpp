#include <string>

#include "report/row_reporter.h"

namespace winml::report {
namespace {

// A cell must stay on its line and inside its column.
std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

void line(std::string& out, const std::vector<std::string>& cells) {
  out += '|';
  for (const std::string& c : cells) out += ' ' + c + " |";
  out += '\n';
}

}  // namespace

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
