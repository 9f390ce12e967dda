// `winml perf report`: one self-contained HTML page with charts of one or more perf reports.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli_common.h"
#include "command_registry.h"
#include "document/read_reports.h"
#include "perf_html.h"
#include "report_names.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

struct PerfReportOptions {
  std::vector<std::string> reports;
  std::string output;
  bool overwrite = false;
  OutputOptions out;
};

// The same file reached by two paths, without following a missing one.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

void run_perf_report(const PerfReportOptions& options) {
  // last, last~N: the newest reports under the cache root (storage/stored_reports.h).
  const std::vector<std::filesystem::path> inputs = report_arguments(options.reports);
  for (const auto& input : inputs) {
    if (same_file(input, options.output)) {
      throw UsageError("-o " + options.output + " is one of the reports read (" + input.string() +
                       "): the page would replace it. Name an .html file for -o.");
    }
  }
  check_html_target(options.output, options.overwrite, "-o");
  // As compare and merge read them: a file named twice (also by two paths) is refused.
  const std::vector<document::PerfReportDocument> documents = document::read_reports(inputs);
  std::size_t results = 0;
  for (const document::PerfReportDocument& read : documents) results += read.results.size();
  write_html_report(documents, options.output, options.overwrite);
  if (options.out.verbosity >= 0) {
    note(fmt::format("HTML report written to {} ({} {}, {} {})", options.output, documents.size(),
                     documents.size() == 1 ? "report" : "reports", results, results == 1 ? "result" : "results"));
  }
}

void setup_perf_report(CLI::App& parent) {
  auto options = std::make_shared<PerfReportOptions>();
  auto* cmd = parent.add_subcommand(
      "report",
      "Write one self-contained HTML page with charts of perf reports: TTFT distribution, decode latency by "
      "position, sweep curves, comparison bars with intervals, roofline fraction");
  cmd->add_option("reports", options->reports,
                  "JSON reports written by `winml perf` (one or more); last, last~N name the newest (winml perf ls)")
      ->required()
      ->type_name("REPORT")
      ->check(path_value("run.json"));
  cmd->add_option("-o,--output", options->output, "HTML file to write")
      ->required()
      ->type_name("FILE")
      ->check(path_value("-o report.html"));
  cmd->add_flag("--overwrite", options->overwrite, "Replace an existing file");
  add_output_flags(*cmd, options->out, EngineLogs::none);  // loads no ONNX Runtime
  cmd->callback([options] { run_perf_report(*options); });
}

const CommandRegistrar perf_report_registrar("perf", "report", 10, setup_perf_report);

}  // namespace
}  // namespace winml::cli
