#include "report/reporter.h"

#include <string>

#include "report/json_reporter.h"
#include "report/text_reporter.h"
#include "winml/errors.h"

namespace winml::report {

std::unique_ptr<Reporter> make_reporter(std::string_view format, bool color, text::Glyphs glyphs) {
  if (format == "text") return std::make_unique<TextReporter>(color, glyphs);
  if (format == "json") return std::make_unique<JsonReporter>();
  throw UsageError("unknown report format '" + std::string(format) + "': use -f text or -f json");
}

}  // namespace winml::report
