#pragma once
/// \file
/// The HTML report from the CLI: `winml perf report` and `winml perf --html FILE`.

#include <filesystem>
#include <string_view>
#include <vector>

#include "document/perf_report_document.h"

namespace winml::cli {

/// Checks, before anything is measured or read, that an HTML report can be written to `path`
/// (as -o is checked: winml::UsageError for a folder, device or an existing file without
/// `overwrite`) and that Chart.js is installed (winml::Error naming the package).
/// `flag` is the one that named the path, for the messages.
void check_html_target(const std::filesystem::path& path, bool overwrite, std::string_view flag);

/// Writes the page of `reports` to `path` atomically (storage::write_report); messages name `flag`.
void write_html_report(const std::vector<document::PerfReportDocument>& reports, const std::filesystem::path& path,
                       bool overwrite, std::string_view flag = "-o");

/// --html: the page of the report a perf run has just written, `json` at `json_path`. Returns the
/// path written: `path`, or one beside it when `path` was taken during the run
/// (storage::write_finished_report).
std::filesystem::path write_run_html(std::string_view json, const std::filesystem::path& json_path,
                                     const std::filesystem::path& path, bool overwrite);

}  // namespace winml::cli
