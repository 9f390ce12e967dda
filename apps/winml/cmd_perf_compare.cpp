// `winml perf compare BASE.json NEW.json [MORE.json ...]`: every later report against the base,
// metric by metric, each change tested on the raw samples (a comparison of devices, EPs or thread
// counts when the runs differ in those); --fail-if-slower makes it a CI gate
// (exit code 4; 5 when it cannot be evaluated). The logic lives in compare/report_compare.h and
// compare/gate.h, the output in compare/compare_format.h.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli_common.h"
#include "command_registry.h"
#include "compare/compare_format.h"
#include "compare/gate.h"
#include "compare/report_compare.h"
#include "console_output.h"
#include "document/read_reports.h"
#include "number_flags.h"
#include "perf_tool_flags.h"
#include "regression_found.h"
#include "report_names.h"
#include "storage/report_file.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

/// Largest --fail-if-slower percentage: a time can grow by any factor, but a gate past 10x is no gate.
constexpr double kMaxFailIfSlowerPercent = 1000;

struct CompareFlags {
  std::vector<std::string> files;
  std::string format = "text";
  std::string output;
  bool overwrite = false;
  bool force = false;
  std::optional<double> fail_if_slower;
  OutputOptions out;
};

void run_compare(const CompareFlags& flags) {
  if (flags.files.size() < 2) {
    throw UsageError(fmt::format(
        "perf compare needs a base report and at least one to compare with it (got {}), e.g. winml perf compare "
        "base.json new.json",
        flags.files.empty() ? std::string("none") : "only " + flags.files.front()));
  }
  // Checked first: a comparison that could not be written is refused before reading anything.
  if (!flags.output.empty()) storage::check_report_path(flags.output, flags.overwrite);
  // last, last~N: the newest reports under the cache root (storage/stored_reports.h).
  const std::vector<std::filesystem::path> files = report_arguments(flags.files);
  const compare::Comparison comparison = compare::compare_reports(document::read_reports(files), flags.force);
  for (const compare::ReportComparison& compared : comparison.reports) {
    for (const std::string& difference : compared.incompatible) {
      warn(fmt::format("compared with --force although they measure different work: {}", difference), flags.out);
    }
  }
  std::optional<compare::GateVerdict> gate;
  if (flags.fail_if_slower) gate = compare::gate(comparison, *flags.fail_if_slower);
  const bool to_terminal = flags.output.empty() && flags.format == "text" && flags.out.color_stdout();
  const std::string text = flags.format == "json" ? compare::compare_json(comparison, gate)
                                                  : compare::compare_text(comparison, gate, to_terminal);
  if (flags.output.empty()) {
    write_stdout(text);
  } else {
    storage::write_report(flags.output, text, flags.overwrite);
    if (flags.out.verbosity >= 0) note("comparison written to " + flags.output);
  }
  if (!gate) return;
  switch (gate->outcome()) {
    case compare::GateOutcome::passed:
      return;
    case compare::GateOutcome::regressed:
      throw RegressionFound(gate->failure());
    case compare::GateOutcome::not_evaluated:
      throw GateNotEvaluated(gate->failure());
  }
}

void setup_perf_compare(CLI::App& perf) {
  auto flags = std::make_shared<CompareFlags>();
  auto* cmd = perf.add_subcommand(
      "compare",
      "Compare perf reports with a base: per metric both values, the change with its 95 % interval, and whether it "
      "is significant (Welch's t-test on the raw samples); runs on other devices, EPs or thread counts compare as "
      "such (each side's values, the ratio, the token agreement); docs/metrics.md, \"Comparing runs\"");
  cmd->add_option(
         "reports", flags->files,
         "BASE.json first, then one or more reports to compare with it (schema version 1 or 2); last, last~N name "
         "the newest reports under the cache root (winml perf ls)")
      ->type_name("BASE NEW")
      ->check(path_value("base.json new.json"));
  cmd->add_option("-f,--format", flags->format, "Output format: text (tables) or json (docs/compare.schema.json)")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_val("text");
  cmd->add_option("-o,--output", flags->output, "Write the output to this file (atomically) instead of stdout")
      ->type_name("FILE")
      ->check(path_value("-o comparison.txt, or leave -o out for stdout"));
  cmd->add_flag("--overwrite", flags->overwrite, "Replace an existing file at the -o path");
  cmd->add_flag("--force", flags->force,
                "Compare reports that measure different work (model, prompt, lengths, ...; the differences are "
                "warned). Runs that differ in EP, device, threads or --compile compare without it");
  cmd->add_option("--fail-if-slower", flags->fail_if_slower,
                  "Exit with code 4 when a primary metric (decode tokens/s and TTFT of a bundle, latency of a single "
                  "model) is significantly slower by more than PCT percent")
      ->type_name("PCT")
      ->check(number_in(0, kMaxFailIfSlowerPercent));
  add_output_flags(*cmd, flags->out, EngineLogs::none);  // loads no ONNX Runtime
  cmd->callback([flags, cmd] {
    refuse_benchmark_flags(*cmd, "compare");  // `perf -n 4 compare ...`: nothing to benchmark
    run_compare(*flags);
  });
}

const CommandRegistrar perf_compare_registrar("perf", "compare", 30, setup_perf_compare);

}  // namespace
}  // namespace winml::cli
