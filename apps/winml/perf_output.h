#pragma once
/// \file
/// The last step of `winml perf`: write the JSON report (always) and print the chosen format.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_common.h"
#include "console_hooks.h"
#include "console_output.h"
#include "perf_html.h"
#include "perf_options.h"
#include "report/reporter.h"
#include "storage/report_file.h"
#include "winml/errors.h"

namespace winml::cli {

/// Writes the JSON report atomically (-o: to that path; default: to a free name, never replacing
/// another run's report), then prints the console view: the report itself on stdout with -f json
/// (and nothing else there), one row per result with csv, md and jsonl, tables otherwise.
template <class Report>
void emit_report(const Report& report, const PerfOptions& options, const std::filesystem::path& path) {
  std::string json = report::make_reporter("json", false)->render(report);
  std::filesystem::path written = path;
  if (options.output.empty()) {
    written = storage::write_new_report(path, json);
  } else {
    written = storage::write_finished_report(path, json, options.overwrite, "-o");
  }
  std::filesystem::path html_written = options.html;
  if (!options.html.empty()) html_written = write_run_html(json, written, options.html, options.overwrite);
  // A path taken during the run (no --overwrite): the finished run went beside it, never nowhere.
  std::string moved;
  const auto say_if_moved = [&](const char* flag, const std::filesystem::path& asked,
                                const std::filesystem::path& got) {
    if (asked == got) return;
    warn(std::string(flag) + " " + asked.string() +
             " appeared during the run and is left as it is (no --overwrite): written to " + got.string() + " instead",
         options.out);
    moved += (moved.empty() ? "" : "; ") + asked.string() + " is in " + got.string();
  };
  if (!options.output.empty()) say_if_moved("-o", path, written);
  if (!options.html.empty()) say_if_moved("--html", options.html, html_written);
  const ConsoleHooks* hooks = console_hooks();
  if (hooks && hooks->written) {
    hooks->written(WrittenFile::report, written);
    if (!options.html.empty()) hooks->written(WrittenFile::html, html_written);
  }
  if (hooks && hooks->rows) hooks->rows(report::make_reporter("jsonl", false)->render(report));
  auto say_where = [&] {
    if (options.out.verbosity < 0) return;
    note("report written to " + written.string());
    if (!options.html.empty()) note("HTML report written to " + html_written.string());
  };
  // The sparkline's block characters are text, not colour: drawn unless the locale is not UTF-8.
  const report::text::Glyphs glyphs =
      report::text::glyphs_for_locale(std::getenv("LC_ALL"), std::getenv("LC_CTYPE"), std::getenv("LANG"));
  try {
    write_stdout(options.format == "json"
                     ? json
                     : report::make_reporter(options.format, options.out.color_stdout(), glyphs, options.columns)
                           ->render(report));
  } catch (const Error&) {
    say_where();  // the report file is complete even when stdout is not
    throw;
  }
  say_where();
  if (!moved.empty()) {
    throw Error(ErrorCategory::runtime, "the run's output could not go where asked, so it went beside it: " + moved +
                                            ". Move it, or pass --overwrite to replace such a file.");
  }
}

}  // namespace winml::cli
