#pragma once
/// \file
/// The line `winml perf ls` shows for one report: what ran, when, and its headline figure (GenAI:
/// the mean decode rate in tokens/s; a single model: the mean latency in ms). A sweep's figure is
/// the range over its results.

#include <cstddef>
#include <optional>
#include <string>

#include "document/perf_report_document.h"

namespace winml::document {

/// One report's headline.
struct ReportHeadline {
  std::string timestamp;         ///< the first result's start (config.timestamp); empty when absent
  std::string kind;              ///< "genai" or "onnx"
  std::string runtime;           ///< config.runtime of the first result, e.g. "winml-genai"
  std::string model;             ///< the bundle or model path of the first result
  std::size_t combinations = 0;  ///< the sweep's combinations (shard or not); the results' count without one
  std::size_t results = 0;       ///< results in the file
  std::string metric;            ///< "decode tokens/s" or "latency ms"
  std::optional<double> low;     ///< the figure (a sweep: the lowest); nullopt when no result has it
  std::optional<double> high;    ///< a sweep: the highest; equal to low for one result
};

/// The headline of a read report. Never throws: a missing field leaves its member empty.
ReportHeadline report_headline(const PerfReportDocument& report);

}  // namespace winml::document
