#pragma once
/// \file
/// One interface for every output format of a benchmark result. Each format is its own small file
/// (text_reporter, json_reporter); make_reporter is the one place that maps a format name to one.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "perf/genai_result.h"
#include "perf/onnx_result.h"
#include "report/sparkline.h"

namespace winml::report {

/// Turns result rows into the text of one output format. Reporters only format: they never
/// measure, never decide what goes into a result, and never write files or streams themselves.
class Reporter {
 public:
  virtual ~Reporter() = default;
  /// The whole report of a GenAI benchmark, ending in a newline.
  virtual std::string render(const perf::GenaiPerfResult& result) const = 0;
  /// The whole report of a single-model benchmark, ending in a newline.
  virtual std::string render(const perf::OnnxPerfResult& result) const = 0;
};

/// Every -f/--format value, in the order help and errors list them.
const std::vector<std::string>& format_names();

/// The reporter for a -f/--format value: "text" (console tables; color adds ANSI colours, glyphs
/// draws the sparklines), "json" (the report document), or a row format, "csv", "md" or "jsonl"
/// (report/row_reporter.h); color and glyphs only matter to text. Throws winml::UsageError for
/// any other name, listing the valid ones.
std::unique_ptr<Reporter> make_reporter(std::string_view format, bool color,
                                        text::Glyphs glyphs = text::Glyphs::unicode);

}  // namespace winml::report
