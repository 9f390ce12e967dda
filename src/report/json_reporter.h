#pragma once
/// \file
/// The JSON report: the document written to the report file and printed by -f json. Its shape is
/// described by docs/report.schema.json; any change to the shape must bump kSchemaVersion and the
/// schema together (tests/report checks both against golden files).

#include "report/reporter.h"

namespace winml::report {

/// Version of the report document's shape.
inline constexpr int kSchemaVersion = 1;

/// Renders results as the JSON report document (2-space indented).
class JsonReporter final : public Reporter {
 public:
  /// The "genai" report.
  std::string render(const perf::GenaiPerfResult& result) const override;
  /// The "onnx" report.
  std::string render(const perf::OnnxPerfResult& result) const override;
};

}  // namespace winml::report
