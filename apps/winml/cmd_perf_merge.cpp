// `winml perf merge A.json B.json ... -o all.json`: the reports of many machines (the shards of a
// sweep, or whole runs to compare) into one report. The logic lives in merge/report_merge.h.

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
#include "merge/report_merge.h"
#include "perf_tool_flags.h"
#include "report_names.h"
#include "storage/report_file.h"
#include "util/plural.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

struct MergeFlags {
  std::vector<std::string> files;
  std::string output;
  bool overwrite = false;
  bool allow_missing = false;
  OutputOptions out;
};

void run_merge(const MergeFlags& flags) {
  if (flags.files.empty()) {
    throw UsageError("name the reports to merge, e.g. winml perf merge shard-1.json shard-2.json -o all.json");
  }
  // Checked first: a merge that could not be written is refused before reading anything.
  storage::check_report_path(flags.output, flags.overwrite);
  // last, last~N: the newest reports under the cache root (storage/stored_reports.h).
  const std::vector<std::filesystem::path> files = report_arguments(flags.files);
  const merge::MergedReport merged =
      merge::merge_reports(document::read_reports(files), {.allow_missing_shards = flags.allow_missing});
  for (const std::string& warning : merged.warnings) warn(warning, flags.out);
  storage::write_report(flags.output, merge::merged_report_text(merged.report), flags.overwrite);
  if (flags.out.verbosity >= 0) {
    const std::size_t results = merged.report["results"].size();
    note(fmt::format("merged {} ({}) into {}", count_of(files.size(), "report"), count_of(results, "result"),
                     flags.output));
  }
}

void setup_perf_merge(CLI::App& perf) {
  auto flags = std::make_shared<MergeFlags>();
  auto* cmd = perf.add_subcommand(
      "merge",
      "Merge perf reports (the shards of a sweep, or runs on several machines) into one report; docs/fleet.md");
  cmd->add_option(
         "reports", flags->files,
         "Report files written by winml perf (schema version 1 or 2); last, last~N name the newest (winml perf ls)")
      ->type_name("REPORT")
      ->check(path_value("shard-1.json"));
  cmd->add_option("-o,--output", flags->output, "The merged report's path")
      ->required()
      ->check(path_value("-o all.json"));
  cmd->add_flag("--overwrite", flags->overwrite, "Replace an existing file at the output path");
  cmd->add_flag("--allow-missing", flags->allow_missing,
                "Merge a sweep even when some of its shards are missing (they are named in a warning)");
  add_output_flags(*cmd, flags->out, EngineLogs::none);  // loads no ONNX Runtime
  cmd->callback([flags, cmd] {
    refuse_benchmark_flags(*cmd, "merge");  // `perf -n 4 merge ...`: nothing to benchmark
    run_merge(*flags);
  });
}

const CommandRegistrar perf_merge_registrar("perf", "merge", 20, setup_perf_merge);

}  // namespace
}  // namespace winml::cli
