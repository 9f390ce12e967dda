// Fuzz target: arbitrary bytes as a `winml perf` report JSON file, as `perf compare`, `perf merge`
// and `perf report` read one (reports come from other machines of a fleet, so strangers write
// them). The bytes go through parse_perf_report; an accepted document then through everything
// those commands do with it that needs no engine: each result's compared metrics, a comparison of
// the report with itself (text and JSON output, the --fail-if-slower gate), a merge with a copy of
// itself, and the HTML page's data. Only winml::Error may come out; any other exception, a crash
// or a sanitizer report is a bug. Properties checked:
// - a report compared with itself is never significantly faster or slower, so no gate fails;
// - a merged report is itself a report that parse_perf_report reads back.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "compare/compare_format.h"
#include "compare/compare_metrics.h"
#include "compare/gate.h"
#include "compare/report_compare.h"
#include "document/perf_report_document.h"
#include "html/html_report.h"
#include "merge/report_merge.h"
#include "winml/errors.h"

namespace {

namespace compare = winml::compare;
namespace document = winml::document;
namespace merge = winml::merge;
namespace html = winml::html;

[[noreturn]] void violated(const char* property) {
  std::fprintf(stderr, "property violated: %s\n", property);
  std::abort();
}

void compare_with_itself(const document::PerfReportDocument& report) {
  document::PerfReportDocument copy = report;
  copy.source = "new.json";
  const compare::Comparison comparison = compare::compare_reports({report, copy}, true);
  for (const auto& compared : comparison.reports) {
    for (const auto& row : compared.rows) {
      for (const auto& metric : row.metrics) {
        if (metric.verdict == compare::Verdict::faster || metric.verdict == compare::Verdict::slower)
          violated("a report compared with itself changed significantly");
      }
    }
  }
  if (!compare::regressions(comparison, 0.0).empty()) violated("a report compared with itself regressed");
  const compare::GateVerdict gate = compare::gate(comparison, 0.0);
  (void)compare::compare_text(comparison, gate, true);
  (void)compare::compare_json(comparison, gate);
}

void merge_with_copy(const document::PerfReportDocument& report) {
  document::PerfReportDocument copy = report;
  copy.source = "other.json";
  const merge::MergedReport merged = merge::merge_reports({report, copy}, {.allow_missing_shards = true});
  const std::string text = merge::merged_report_text(merged.report);
  try {
    (void)document::parse_perf_report(text, "merged.json");
  } catch (const winml::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    violated("a merged report is not a report");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  document::PerfReportDocument read;
  try {
    read = document::parse_perf_report(text, "base.json");
  } catch (const winml::Error&) {
    return 0;  // refused with a message naming the file: what the commands report
  }
  // Each stage may refuse the document on its own terms; the next still runs, as each command
  // reads the same file on its own.
  for (std::size_t i = 0; i < read.results.size(); ++i) {
    try {
      (void)compare::compared_metrics(read.results[i], read.kind);
    } catch (const winml::Error&) {
    }
  }
  try {
    compare_with_itself(read);
  } catch (const winml::Error&) {
  }
  try {
    merge_with_copy(read);
  } catch (const winml::Error&) {
  }
  try {
    (void)html::render_html_report({read}, "", "winml fuzz");
  } catch (const winml::Error&) {
  }
  return 0;
}
