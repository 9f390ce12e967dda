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
#include "compare/report_compare.h"
#include "document/perf_report_document.h"
#include "html/html_report.h"
#include "merge/report_merge.h"
#include "winml/errors.h"

namespace {

namespace report = winml::report;

[[noreturn]] void violated(const char* property) {
  std::fprintf(stderr, "property violated: %s\n", property);
  std::abort();
}

void compare_with_itself(const report::PerfReportDocument& document) {
  report::PerfReportDocument copy = document;
  copy.source = "new.json";
  const report::Comparison comparison = report::compare_reports({document, copy}, true);
  for (const auto& compared : comparison.reports) {
    for (const auto& row : compared.rows) {
      for (const auto& metric : row.metrics) {
        if (metric.verdict == report::Verdict::faster || metric.verdict == report::Verdict::slower)
          violated("a report compared with itself changed significantly");
      }
    }
  }
  if (!report::regressions(comparison, 0.0).empty()) violated("a report compared with itself regressed");
  (void)report::compare_text(comparison, 0.0, true);
  (void)report::compare_json(comparison, 0.0);
}

void merge_with_copy(const report::PerfReportDocument& document) {
  report::PerfReportDocument copy = document;
  copy.source = "other.json";
  const report::MergedReport merged = report::merge_reports({document, copy}, {.allow_missing_shards = true});
  const std::string text = report::merged_report_text(merged.report);
  try {
    (void)report::parse_perf_report(text, "merged.json");
  } catch (const winml::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    violated("a merged report is not a report");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  report::PerfReportDocument document;
  try {
    document = report::parse_perf_report(text, "base.json");
  } catch (const winml::Error&) {
    return 0;  // refused with a message naming the file: what the commands report
  }
  // Each stage may refuse the document on its own terms; the next still runs, as each command
  // reads the same file on its own.
  for (std::size_t i = 0; i < document.results.size(); ++i) {
    try {
      (void)report::compared_metrics(document.results[i], document.kind);
    } catch (const winml::Error&) {
    }
  }
  try {
    compare_with_itself(document);
  } catch (const winml::Error&) {
  }
  try {
    merge_with_copy(document);
  } catch (const winml::Error&) {
  }
  try {
    (void)report::render_html_report({document}, "", "winml fuzz");
  } catch (const winml::Error&) {
  }
  return 0;
}
