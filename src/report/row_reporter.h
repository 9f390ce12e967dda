#pragma once
/// \file
/// The row formats: csv, md and jsonl print a table of result rows (report/result_rows.h), one
/// line per result under a header that names each column with its unit. Each format is its own
/// small file; all three render a list of results, so a sweep prints one row per combination.

#include <span>
#include <string>

#include <utility>

#include "report/columns.h"
#include "report/reporter.h"
#include "report/result_rows.h"

namespace winml::report {

/// A reporter that prints rows: one row per result (a plain run is a table of one row).
class RowReporter : public Reporter {
 public:
  /// The whole table, ending in a newline.
  virtual std::string render_table(const RowTable& table) const = 0;

 protected:
  /// The columns a run's table is printed with: every one (csv and jsonl, which scripts read by
  /// name), or those --columns chose (md); `swept` names the run's sweep axes.
  virtual RowTable shown(RowTable table, const std::vector<std::string>& /*swept*/) const { return table; }

 private:
  /// genai_rows of the results, rendered.
  std::string format(const perf::GenaiPerfReport& report) const final;
  /// onnx_rows of the results, rendered.
  std::string format(const perf::OnnxPerfReport& report) const final;
};

/// RFC 4180 CSV with LF line ends: a header row, then one record per row. Fields holding a
/// comma, a double quote, CR or LF are quoted (quotes doubled); empty cells are empty fields.
class CsvReporter final : public RowReporter {
 public:
  /// The header and records.
  std::string render_table(const RowTable& table) const override;
};

/// A GitHub-flavoured Markdown table: header, separator (`---:` right-aligns numeric columns),
/// one line per row. `|` in a cell is escaped, line breaks become spaces.
class MarkdownReporter final : public RowReporter {
 public:
  /// `columns`: --columns, applied to a run's table (report/row_columns.h); render_table prints
  /// the table it is given.
  explicit MarkdownReporter(ColumnChoice columns = {}) : columns_(std::move(columns)) {}
  /// The table.
  std::string render_table(const RowTable& table) const override;

 private:
  RowTable shown(RowTable table, const std::vector<std::string>& swept) const override;
  ColumnChoice columns_;  ///< --columns
};

/// JSON Lines: one compact object per row, {schema_version, kind, then every column}; empty
/// cells are null.
class JsonlReporter final : public RowReporter {
 public:
  /// One line per row.
  std::string render_table(const RowTable& table) const override;
};

/// A cell as csv and md print it: empty, the text, or the number in its shortest exact form.
std::string cell_text(const Cell& cell);

}  // namespace winml::report
