#include <string>

#include "report/row_reporter.h"
#include "util/printable.h"

namespace winml::report {
namespace {

// RFC 4180: quote a field only when it holds a separator, a quote or a line break. Other control
// characters are escaped first (printable_lines): a field from a file (a path, a model's names)
// must not drive the terminal the rows are printed to; a quoted line break is still CSV.
std::string field(const std::string& raw) {
  const std::string text = printable_lines(raw);
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void record(std::string& out, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    out += field(fields[i]);
  }
  out += '\n';
}

}  // namespace

std::string CsvReporter::render_table(const RowTable& table) const {
  std::string out;
  std::vector<std::string> fields;
  for (const Column& c : table.columns) fields.push_back(c.name);
  record(out, fields);
  for (const auto& row : table.rows) {
    fields.clear();
    for (const Cell& cell : row) fields.push_back(cell_text(cell));
    record(out, fields);
  }
  return out;
}

}  // namespace winml::report
