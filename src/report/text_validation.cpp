#include "report/text_validation.h"

#include <fmt/format.h>

#include "util/plural.h"

namespace winml::report {
namespace {

// Errors span many orders of magnitude: three significant digits, exponent when needed.
std::string error_text(double value) { return value == 0 ? "0" : fmt::format("{:.3g}", value); }

}  // namespace

std::string validation_text(const perf::OnnxValidation& validation, const text::Style& style) {
  std::size_t failed = 0;
  for (const auto& output : validation.outputs) failed += output.passed() ? 0 : 1;
  const std::size_t n = validation.outputs.size();
  std::string out =
      failed == 0 ? fmt::format("{}validation{}: {}{} {}\n", style.bold, style.reset, n > 1 ? "all " : "",
                                count_of(n, "output"), agree(n, "matches", "match"))
                  : fmt::format("{}validation{}: {}{} of {} {}{}\n", style.bold, style.reset, style.warn, failed,
                                count_of(n, "output"), agree(failed, "does not match", "do not match"), style.reset);
  text::Table table({"data set", "output", "type", "max abs err", "max rel err", "rtol", "atol", "result"});
  for (const auto& o : validation.outputs) {
    std::string result = "pass";
    if (o.passed() && !o.drawn_by.empty()) {
      result = "shape and type only: drawn by " + o.drawn_by;
    } else if (!o.problem.empty()) {
      result = "FAIL: " + o.problem;
    } else if (o.mismatched > 0) {
      result = fmt::format("FAIL: {} of {}", o.mismatched, count_of(o.elements, "element"));
    }
    table.add_row({o.data_set, o.output, o.type, error_text(o.max_abs_error), error_text(o.max_rel_error),
                   error_text(o.tolerance.rtol), error_text(o.tolerance.atol), result});
  }
  return out + table.render(style, 2);
}

}  // namespace winml::report
