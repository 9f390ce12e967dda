#include "report/row_reporter.h"

#include <fmt/format.h>

namespace winml::report {

namespace {

std::vector<std::string> swept(const perf::SweepFacts& sweep) {
  std::vector<std::string> names;
  for (const perf::SweepAxis& axis : sweep.axes) names.push_back(axis.name);
  return names;
}

}  // namespace

std::string RowReporter::format(const perf::GenaiPerfReport& report) const {
  return render_table(shown(genai_rows(report.results, report.sweep.shard), swept(report.sweep)));
}

std::string RowReporter::format(const perf::OnnxPerfReport& report) const {
  return render_table(shown(onnx_rows(report.results, report.sweep.shard), swept(report.sweep)));
}

std::string cell_text(const Cell& cell) {
  struct Visitor {
    std::string operator()(std::monostate) const { return {}; }
    std::string operator()(const std::string& s) const { return s; }
    std::string operator()(std::int64_t v) const { return fmt::format("{}", v); }
    // fmt's shortest round-trip form: 12.5, 0.001, 1e-07 (Python's float() and pandas read all).
    std::string operator()(double v) const { return fmt::format("{}", v); }
  };
  return std::visit(Visitor{}, cell);
}

}  // namespace winml::report
