#pragma once
/// \file
/// The last step of `winml perf`: write the JSON report (always) and print the chosen format.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "perf_options.h"
#include "report/report_file.h"
#include "report/reporter.h"

namespace winml::cli {

/// Where the report of this run goes (-o, else the default path for the model), checked before any
/// benchmarking so a path that cannot be written fails early (UsageError).
inline std::filesystem::path checked_report_path(const PerfOptions& options,
                                                 std::chrono::system_clock::time_point start) {
  std::filesystem::path path = options.output.empty() ? report::default_report_path(options.model, start)
                                                      : std::filesystem::path(options.output);
  report::check_report_path(path, options.overwrite);
  return path;
}

/// Writes the JSON report atomically, then prints the console view: the report itself on stdout
/// with -f json (and nothing else there), tables otherwise.
template <class Result>
void emit_report(const Result& result, const PerfOptions& options, const std::filesystem::path& path) {
  std::string json = report::make_reporter("json", false)->render(result);
  report::write_report(path, json, options.overwrite);
  std::string console =
      options.format == "json" ? json : report::make_reporter("text", options.out.color_stdout())->render(result);
  std::fwrite(console.data(), 1, console.size(), stdout);
  std::fflush(stdout);
  if (options.out.verbosity >= 0) std::fprintf(stderr, "report written to %s\n", path.string().c_str());
}

}  // namespace winml::cli
