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
  /// The styles for colour on or off.
  static Style make(bool color);
};

/// Rows of cells rendered with aligned columns.
class Table {
 public:
  /// A table with a header row (empty = none); numeric = right-align every column but the first.
  explicit Table(std::vector<std::string> header = {}, bool numeric = true);
  /// Appends a row; rows may have fewer cells than the widest row.
  void add_row(std::vector<std::string> cells);
  /// The table, each line indented by `indent` spaces and ending in a newline. Padding is computed
  /// before colouring, so colour codes never disturb alignment.
  std::string render(const Style& style, std::size_t indent = 0) const;

 private:
  std::vector<std::string> header_;             ///< header cells; empty = no header
  bool numeric_;                                ///< right-align columns after the first
  std::vector<std::vector<std::string>> rows_;  ///< body rows
};

}  // namespace winml::report::text
