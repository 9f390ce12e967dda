#pragma once
/// \file
/// The last step of `winml perf`: write the JSON report (always) and print the chosen format.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_common.h"
#include "console_output.h"
#include "perf_html.h"
#include "perf_options.h"
#include "report/report_file.h"
#include "report/reporter.h"
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
    written = report::write_new_report(path, json);
  } else {
    report::write_report(path, json, options.overwrite);
  }
  if (!options.html.empty()) write_run_html(json, written, options.html, options.overwrite);
  auto say_where = [&] {
    if (options.out.verbosity < 0) return;
    note("report written to " + written.string());
    if (!options.html.empty()) note("HTML report written to " + options.html);
  };
  // The sparkline's block characters are text, not colour: drawn unless the locale is not UTF-8.
  const report::text::Glyphs glyphs =
      report::text::glyphs_for_locale(std::getenv("LC_ALL"), std::getenv("LC_CTYPE"), std::getenv("LANG"));
  try {
    write_stdout(options.format == "json"
                     ? json
                     : report::make_reporter(options.format, options.out.color_stdout(), glyphs)->render(report));
  } catch (const Error&) {
    say_where();  // the report file is complete even when stdout is not
    throw;
  }
  say_where();
}

}  // namespace winml::cli
