#pragma once
// Checking the row formats (csv, md, jsonl) with real parsers: Python's csv and json modules
// through tests/report/check_rows.py, and the Markdown table structure here.

#include <filesystem>
#include <sstream>
#include <string>

#include "test_support/run_command.h"

namespace winml::test {

/// What check_rows.py printed and how it exited.
struct RowsCheck {
  int exit_code = -1;  ///< 0 good, 1 a problem found, 2 unreadable
  std::string output;  ///< stdout (the dump, or one line per problem), then stderr
};

/// Runs tests/report/check_rows.py with the given (already quoted) arguments.
inline RowsCheck run_check_rows(const std::string& args) {
  const std::filesystem::path source(WINML_TEST_SOURCE_DIR);
  const CommandResult r = run_command("'" + std::string(WINML_TEST_PYTHON) + "' '" +
                                      (source / "tests" / "report" / "check_rows.py").string() + "' " + args);
  return {r.exit_code, r.out + r.err};
}

/// The csv file as Python's csv.reader reads it: a JSON array of records, header first.
inline RowsCheck read_csv_with_python(const std::filesystem::path& csv) {
  return run_check_rows("dump '" + csv.string() + "'");
}

/// Checks row files by extension (.csv, .md, .jsonl): see check_rows.py.
inline RowsCheck check_row_file(const std::filesystem::path& file) { return run_check_rows("'" + file.string() + "'"); }

/// Problems with a GitHub Markdown table (empty when none): every line is `| ... |` with as many
/// unescaped `|` as the header, and the second line separates (--- or ---: per column).
inline std::string check_markdown_table(const std::string& text) {
  std::istringstream in(text);
  std::string line, problems;
  std::size_t expected = 0;
  for (int n = 1; std::getline(in, line); ++n) {
    std::size_t pipes = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++pipes;
    }
    if (line.size() < 2 || line.front() != '|' || line.back() != '|')
      problems += "line " + std::to_string(n) + " is not a table row\n";
    if (n == 1) expected = pipes;
    if (pipes != expected)
      problems += "line " + std::to_string(n) + " has " + std::to_string(pipes) + " pipes, the header " +
                  std::to_string(expected) + "\n";
    if (n == 2) {
      std::istringstream cells(line.substr(1));
      for (std::string cell; std::getline(cells, cell, '|');) {
        if (cell != " --- " && cell != " ---: ") problems += "separator cell '" + cell + "'\n";
      }
    }
  }
  if (expected < 2) problems += "no header\n";
  return problems;
}

}  // namespace winml::test
