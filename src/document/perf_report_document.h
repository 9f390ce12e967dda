#pragma once
/// \file
/// `winml perf` reports read back from their JSON files (by `winml perf report`), whatever their
/// schema version: version 2 holds a "results" array, one object per measured combination;
/// version 1 held that one object's fields at its top level and is read as a single result.

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace winml::document {

/// The largest report file read: far above a million-iteration sweep's report, far below what
/// would exhaust memory when several are given.
inline constexpr std::size_t kMaxReportFileBytes = 256u << 20;

/// One report, its results in one layout.
struct PerfReportDocument {
  std::string source;              ///< the file as it was named
  int schema_version = 0;          ///< as the file says: 1 or 2
  std::string kind;                ///< "genai" or "onnx"
  nlohmann::ordered_json methods;  ///< how the statistics were computed; null when the file has none
  nlohmann::ordered_json sweep;    ///< the sweep object of a version 2 report; null for version 1
  nlohmann::ordered_json results;  ///< array of result objects (config, machine, metrics, samples, ...)
  /// The "interrupted" object of a run Ctrl-C stopped before its plan; null for a run that finished.
  nlohmann::ordered_json interrupted;
};

/// Reads a report from `text`, which came from `source`. Throws winml::UsageError naming the
/// source and what is wrong when the text is not JSON, nests deeper than a report does, is not
/// a winml perf report of version 1 or 2 (a later version asks for a newer winml), or holds samples
/// that cannot be (document/report_samples_check.h).
PerfReportDocument parse_perf_report(std::string_view text, const std::string& source);

/// Reads the report file at `path`. Throws winml::UsageError when it is missing, not a regular
/// file, larger than kMaxReportFileBytes, or not a report (parse_perf_report).
PerfReportDocument read_perf_report(const std::filesystem::path& path);

}  // namespace winml::document
