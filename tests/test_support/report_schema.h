#pragma once
// Validating perf reports against docs/report.schema.json with python3-jsonschema, through
// tests/report/validate_report.py, so no test relies on a validator of our own.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml::test {

/// What the validator said about one report.
struct SchemaCheck {
  int exit_code = -1;    ///< 0 valid, 1 invalid, 2 the schema or the report could not be read
  std::string problems;  ///< one "REPORT: /json/pointer: message" line per violation, then stderr
  /// True when the report satisfies the schema.
  bool valid() const { return exit_code == 0; }
};

/// Validates the report file at `report` against the repository's docs/report.schema.json, or
/// against another schema of docs/ (e.g. "compare.schema.json").
inline SchemaCheck check_report_file(const std::filesystem::path& report,
                                     const std::string& schema = "report.schema.json") {
  const std::filesystem::path source(WINML_TEST_SOURCE_DIR);
  const auto quoted = [](const std::filesystem::path& p) { return "'" + p.string() + "'"; };
  const CommandResult result =
      run_command(quoted(WINML_TEST_PYTHON) + " " + quoted(source / "tests" / "report" / "validate_report.py") + " " +
                  quoted(source / "docs" / schema) + " " + quoted(report));
  return {result.exit_code, result.out + result.err};
}

/// Validates a report document (written to a temporary file first), against docs/`schema`.
inline SchemaCheck check_report(const nlohmann::json& report, const std::string& schema = "report.schema.json") {
  const TempDir dir;
  const std::filesystem::path file = dir.path() / "report.json";
  std::ofstream(file) << report.dump(2);
  return check_report_file(file, schema);
}

}  // namespace winml::test
