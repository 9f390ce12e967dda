#pragma once
/// \file
/// The JSON report: the document written to the report file and printed by -f json. Its shape is
/// described by docs/report.schema.json; any change to the shape must bump kSchemaVersion and the
/// schema together (tests/report checks both against golden files).

#include "report/reporter.h"

namespace winml::report {

/// Version of the report document's shape.
/// Version 2: the per-run body (config, machine, metrics, preparation, samples) moved into a
/// "results" array, one entry per sweep combination, beside a "sweep" object.
/// Version 3: a result served through GenAI's Engine has "config.serving" and "serving".
/// Version 4: "mean_ci95" says whether its low end was cut at 0 ("clipped"); the roofline's memory
/// split says when weights and cache exceed the peak RSS ("parts_exceed_peak_rss", the rest null).
inline constexpr int kSchemaVersion = 4;

/// Renders a run as the JSON report document (2-space indented): {schema_version, kind, methods,
/// sweep {axes, combinations}, results [...]}.
class JsonReporter final : public Reporter {
 private:
  /// The "genai" report.
  std::string format(const perf::GenaiPerfReport& report) const override;
  /// The "onnx" report.
  std::string format(const perf::OnnxPerfReport& report) const override;
};

}  // namespace winml::report
