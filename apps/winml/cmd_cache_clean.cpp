// `winml cache clean`: removes default reports and derived bundles from the cache root, by age
// (--older-than) or by the cache's size (--max-size). A dry run unless --yes: it lists what would
// go and the bytes that frees. The selection lives in storage/cache_clean.h.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli_common.h"
#include "command_registry.h"
#include "report/text_table.h"
#include "report/text_units.h"
#include "storage/cache_clean.h"
#include "storage/cache_root.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

struct CleanFlags {
  std::optional<std::string> older_than;
  std::optional<std::string> max_size;
  bool reports = false;
  bool bundles = false;
  bool yes = false;
  OutputOptions out;
};

const char* kind_name(storage::CacheEntryKind kind) {
  return kind == storage::CacheEntryKind::report ? "report" : "bundle";
}

std::string shown_bytes(std::uint64_t bytes) { return bytes == 0 ? std::string("0 B") : report::text::bytes(bytes); }

void run_clean(const CleanFlags& flags) {
  if (!flags.older_than && !flags.max_size) {
    throw UsageError(
        "cache clean needs a criterion: --older-than DAYS|YYYY-MM-DD and/or --max-size SIZE, e.g. winml cache clean "
        "--older-than 30 (a dry run; add --yes to remove)");
  }
  storage::CleanCriteria criteria;
  if (flags.older_than) {
    criteria.older_than = storage::parse_older_than(*flags.older_than, std::chrono::system_clock::now());
  }
  if (flags.max_size) criteria.max_bytes = storage::parse_size(*flags.max_size);
  // Neither named: both kinds.
  const bool reports = flags.reports || !flags.bundles;
  const bool bundles = flags.bundles || !flags.reports;
  const std::filesystem::path root = storage::cache_root();
  const std::vector<storage::CacheEntry> entries = storage::cache_entries(root, reports, bundles);
  const std::vector<storage::CacheEntry> removals = storage::select_removals(entries, criteria);
  std::uint64_t freed = 0;
  report::text::Table table({"kind", "size", "path"});
  table.align_left(2);
  for (const storage::CacheEntry& entry : removals) {
    freed += entry.bytes;
    table.add_row({kind_name(entry.kind), shown_bytes(entry.bytes), entry.path.string()});
  }
  if (!removals.empty() && flags.out.verbosity >= 0) {
    std::fputs(table.render(report::text::Style::make(false)).c_str(), stdout);
  }
  const std::string summary = fmt::format("{} of {} entr{} under {}, freeing {}", removals.size(), entries.size(),
                                          entries.size() == 1 ? "y" : "ies", root.string(), shown_bytes(freed));
  if (!flags.yes) {
    if (flags.out.verbosity >= 0) note("dry run: would remove " + summary + ". Add --yes to remove them.");
    return;
  }
  const std::vector<storage::CacheEntry> failed = storage::remove_entries(root, removals);
  if (!failed.empty()) {
    throw Error(ErrorCategory::runtime,
                fmt::format("could not remove {} of {} entries, e.g. {}: check its permissions, or whether a running "
                            "winml holds it",
                            failed.size(), removals.size(), failed.front().path.string()));
  }
  if (flags.out.verbosity >= 0) note("removed " + summary);
}

void setup_cache_clean(CLI::App& cache) {
  auto flags = std::make_shared<CleanFlags>();
  auto* cmd = cache.add_subcommand(
      "clean", "Remove default reports and derived bundles from the cache root by age or size; a dry run unless --yes");
  cmd->add_option("--older-than", flags->older_than,
                  "Remove entries last written more than DAYS days ago, or before DATE (YYYY-MM-DD, 00:00 UTC)")
      ->type_name("DAYS|DATE");
  cmd->add_option("--max-size", flags->max_size,
                  "Remove the oldest entries until the rest weigh at most SIZE (K, M, G, T: powers of 1024)")
      ->type_name("SIZE");
  cmd->add_flag("--reports", flags->reports, "Only default reports (cache root/perf); with --bundles: both");
  cmd->add_flag("--bundles", flags->bundles, "Only derived bundles (cache root/bundles); with --reports: both");
  cmd->add_flag("--yes", flags->yes, "Remove them (without it, only list what would be removed)");
  add_output_flags(*cmd, flags->out);
  cmd->callback([flags] { run_clean(*flags); });
}

const CommandRegistrar cache_clean_registrar("cache", "clean", 10, setup_cache_clean);

}  // namespace
}  // namespace winml::cli
