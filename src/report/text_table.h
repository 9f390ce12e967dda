#pragma once
/// \file
/// A plain aligned table for the console report (internal to src/report). Columns are separated by
/// two spaces; the first is left-aligned, the others right-aligned (numbers) or left-aligned (text).

#include <string>
#include <vector>

namespace winml::report::text {

/// ANSI styles used by the console report; empty strings when colour is off.
struct Style {
  const char* bold = "";   ///< headers
  const char* label = "";  ///< row labels
  const char* warn = "";   ///< warnings
  const char* reset = "";  ///< back to normal
  const char* good = "";   ///< a change for the better (perf compare: faster)
  const char* bad = "";    ///< a change for the worse (perf compare: slower)
  /// The styles for colour on or off.
  static Style make(bool color);
};

/// Rows of cells rendered with aligned columns.
class Table {
 public:
  /// A table with a header row (empty = none); numeric = right-align every column but the first.
  explicit Table(std::vector<std::string> header = {}, bool numeric = true);
  /// Left-aligns column `column` (0-based) of a numeric table: a column of words among numbers.
  void align_left(std::size_t column);
  /// Appends a row; rows may have fewer cells than the widest row. Each cell is made printable
  /// (util/printable.h): one line, no terminal controls. `tones` colour cells: an ANSI style per
  /// cell (a Style member), "" or missing for none.
  void add_row(std::vector<std::string> cells, std::vector<std::string> tones = {});
  /// The header row as given.
  const std::vector<std::string>& header() const { return header_; }
  /// Keeps only the given columns (0-based, in that order), as --columns chose them
  /// (report/columns.h); a row shorter than a kept column has an empty cell there.
  void keep_columns(const std::vector<std::size_t>& columns);
  /// The table, each line indented by `indent` spaces and ending in a newline. Padding is computed
  /// before colouring, so colour codes never disturb alignment.
  std::string render(const Style& style, std::size_t indent = 0) const;

 private:
  std::vector<std::string> header_;              ///< header cells; empty = no header
  bool numeric_;                                 ///< right-align columns after the first
  std::vector<std::size_t> left_columns_;        ///< columns left-aligned all the same
  std::vector<std::vector<std::string>> rows_;   ///< body rows
  std::vector<std::vector<std::string>> tones_;  ///< per row, the style of each cell
};

}  // namespace winml::report::text
