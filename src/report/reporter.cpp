#include "report/reporter.h"

#include <fmt/format.h>

#include <string>

#include "report/json_reporter.h"
#include "report/row_reporter.h"
#include "report/text_reporter.h"
#include "winml/errors.h"

namespace winml::report {

const std::vector<std::string>& format_names() {
  static const std::vector<std::string> names = {"text", "json", "csv", "md", "jsonl"};
  return names;
}

std::unique_ptr<Reporter> make_reporter(std::string_view format, bool color, text::Glyphs glyphs,
                                        const ColumnChoice& columns) {
  if (format == "text") return std::make_unique<TextReporter>(color, glyphs, columns);
  if (format == "json") return std::make_unique<JsonReporter>();
  if (format == "csv") return std::make_unique<CsvReporter>();
  if (format == "md") return std::make_unique<MarkdownReporter>(columns);
  if (format == "jsonl") return std::make_unique<JsonlReporter>();
  throw UsageError(fmt::format("unknown report format '{}': use one of {}", format, fmt::join(format_names(), ", ")));
}

}  // namespace winml::report
