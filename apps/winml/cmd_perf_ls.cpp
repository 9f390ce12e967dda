// `winml perf ls`: the reports `winml perf` wrote under the cache root, newest first, each with the
// name that picks it (last, last~1, ...), what ran and its headline figure. The listing lives in
// storage/stored_reports.h, the figures in document/report_headline.h.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_common.h"
#include "command_registry.h"
#include "document/perf_report_document.h"
#include "document/report_headline.h"
#include "number_flags.h"
#include "perf_tool_flags.h"
#include "report/text_table.h"
#include "storage/cache_root.h"
#include "storage/model_folder_name.h"
#include "storage/stored_reports.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

struct LsFlags {
  std::size_t limit = 20;
  std::string format = "text";
  OutputOptions out;
};

struct Listed {
  std::string name;  // last, last~N
  storage::StoredReport file;
  document::ReportHeadline headline;
};

std::string index_name(std::size_t index) { return index == 0 ? "last" : fmt::format("last~{}", index); }

// "2026-07-10 14:30:05" of an RFC 3339 timestamp; the text as it is when it is not one.
std::string shown_time(const std::string& timestamp) {
  if (timestamp.size() < 19 || timestamp[10] != 'T') return timestamp.empty() ? "?" : timestamp;
  std::string shown = timestamp.substr(0, 19);
  shown[10] = ' ';
  return shown;
}

std::string figure_text(const document::ReportHeadline& h) {
  if (!h.low) return "n/a";
  const bool genai = h.kind == "genai";
  const char* unit = genai ? "tok/s" : "ms";
  const int digits = genai ? 1 : 3;
  if (*h.high == *h.low) return fmt::format("{:.{}f} {}", *h.low, digits, unit);
  return fmt::format("{:.{}f}-{:.{}f} {}", *h.low, digits, *h.high, digits, unit);
}

std::string combinations_text(const document::ReportHeadline& h) {
  return h.results == h.combinations ? fmt::format("{}", h.combinations)
                                     : fmt::format("{} of {}", h.results, h.combinations);
}

std::string text_listing(const std::vector<Listed>& listed, bool color) {
  report::text::Table table({"name", "time", "model", "runtime", "combinations", "headline", "path"});
  for (std::size_t column : {1, 2, 3, 6}) table.align_left(column);
  for (const Listed& row : listed) {
    const std::string model = row.headline.model.empty() ? "?" : storage::model_name(row.headline.model);
    table.add_row(
        {row.name, shown_time(row.headline.timestamp), model, row.headline.runtime, combinations_text(row.headline),
         figure_text(row.headline) + (row.headline.kind == "genai" ? " decode" : " latency"), row.file.path.string()});
  }
  return table.render(report::text::Style::make(color));
}

std::string json_listing(const std::vector<Listed>& listed, std::size_t skipped) {
  using Json = nlohmann::ordered_json;
  Json reports = Json::array();
  for (const Listed& row : listed) {
    const document::ReportHeadline& h = row.headline;
    reports.push_back({{"name", row.name},
                       {"path", row.file.path.string()},
                       {"bytes", row.file.bytes},
                       {"timestamp", h.timestamp},
                       {"kind", h.kind},
                       {"runtime", h.runtime},
                       {"model", h.model},
                       {"combinations", h.combinations},
                       {"results", h.results},
                       {"metric", h.kind == "genai" ? "decode_rate_mean_tokens_per_s" : "latency_mean_ms"},
                       {"low", h.low ? Json(*h.low) : Json(nullptr)},
                       {"high", h.high ? Json(*h.high) : Json(nullptr)}});
  }
  const Json out = {{"reports", reports}, {"skipped", skipped}};
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void run_ls(const LsFlags& flags) {
  const std::filesystem::path root = storage::cache_root() / "perf";
  const std::vector<storage::StoredReport> stored = storage::stored_reports(root);
  std::vector<Listed> listed;
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < stored.size() && (flags.limit == 0 || listed.size() < flags.limit); ++i) {
    try {
      const document::ReportHeadline headline = document::report_headline(document::read_perf_report(stored[i].path));
      listed.push_back({index_name(listed.size()), stored[i], headline});
    } catch (const Error&) {
      ++skipped;  // a foreign or damaged .json: last/last~N skip it too (report_names.h)
    }
  }
  if (flags.format == "json") {
    std::fputs(json_listing(listed, skipped).c_str(), stdout);
  } else if (listed.empty()) {
    if (flags.out.verbosity >= 0) {
      note("no reports under " + root.string() + " (winml perf writes them there without -o)");
    }
  } else {
    std::fputs(text_listing(listed, flags.out.color_stdout()).c_str(), stdout);
  }
  if (skipped > 0 && flags.out.verbosity >= 0) {
    note(fmt::format("skipped {} file{} under {} that {} (winml perf compare names the reason)", skipped,
                     skipped == 1 ? "" : "s", root.string(),
                     skipped == 1 ? "is not a readable winml perf report" : "are not readable winml perf reports"));
  }
  if (flags.limit != 0 && listed.size() == flags.limit && stored.size() > listed.size() + skipped &&
      flags.out.verbosity >= 0 && flags.format == "text") {
    note(fmt::format("the {} newest shown; --limit 0 lists every one", flags.limit));
  }
}

void setup_perf_ls(CLI::App& perf) {
  auto flags = std::make_shared<LsFlags>();
  auto* cmd = perf.add_subcommand("ls",
                                  "List the reports winml perf wrote under the cache root, newest first, with the name "
                                  "that picks each (last, last~1, ...) in perf compare, merge and report");
  cmd->add_option("--limit", flags->limit, "Show at most N reports (0: all)")
      ->type_name("N")
      ->check(number_in(0, 1e6))
      ->default_val(20);
  cmd->add_option("-f,--format", flags->format, "Output format: text (a table) or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_val("text");
  add_output_flags(*cmd, flags->out);
  cmd->callback([flags, cmd] {
    refuse_benchmark_flags(*cmd, "ls");
    run_ls(*flags);
  });
}

const CommandRegistrar perf_ls_registrar("perf", "ls", 40, setup_perf_ls);

}  // namespace
}  // namespace winml::cli
