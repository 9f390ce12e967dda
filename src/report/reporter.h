#pragma once
/// \file
/// One interface for every output format of a benchmark result. Each format is its own small file
/// (text_reporter, json_reporter); make_reporter is the one place that maps a format name to one.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "perf/perf_report.h"
#include "report/columns.h"
#include "report/sparkline.h"

namespace winml::report {

/// Turns a run's results into the text of one output format. Reporters only format: they never
/// measure, never decide what goes into a result, and never write files or streams themselves.
/// A run is a list of results (one per sweep combination); a plain run is a list of one.
class Reporter {
 public:
  virtual ~Reporter() = default;
  /// The whole report of a GenAI run, ending in a newline.
  std::string render(const perf::GenaiPerfReport& report) const { return format(report); }
  /// The whole report of a single-model run, ending in a newline.
  std::string render(const perf::OnnxPerfReport& report) const { return format(report); }
  /// A plain GenAI run of one result.
  std::string render(const perf::GenaiPerfResult& result) const { return format(perf::single_result_report(result)); }
  /// A plain single-model run of one result.
  std::string render(const perf::OnnxPerfResult& result) const { return format(perf::single_result_report(result)); }

 private:
  /// The format's rendering of a GenAI run (at least one result).
  virtual std::string format(const perf::GenaiPerfReport& report) const = 0;
  /// The format's rendering of a single-model run (at least one result).
  virtual std::string format(const perf::OnnxPerfReport& report) const = 0;
};

/// Every -f/--format value, in the order help and errors list them.
const std::vector<std::string>& format_names();

/// The reporter for a -f/--format value: "text" (console tables; color adds ANSI colours, glyphs
/// draws the sparklines), "json" (the report document), or a row format, "csv", "md" or "jsonl"
/// (report/row_reporter.h); color and glyphs only matter to text, columns (--columns,
/// report/columns.h) to text and md: csv, jsonl and json always carry everything. Throws
/// winml::UsageError for any other name, listing the valid ones.
std::unique_ptr<Reporter> make_reporter(std::string_view format, bool color,
                                        text::Glyphs glyphs = text::Glyphs::unicode, const ColumnChoice& columns = {});

}  // namespace winml::report
