#pragma once
/// \file
/// The metrics `winml perf compare` compares, and their raw samples read from one result of a
/// report: one value per timed iteration, so that a test can weigh a change against the noise.
/// Definitions: docs/metrics.md, "Comparing runs".

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace winml::compare {

/// Which way a metric improves.
enum class Better { lower, higher };

/// How a compared metric's values are shown.
enum class MetricUnit { milliseconds, tokens_per_second, bytes };

/// One metric a comparison covers.
struct CompareMetric {
  std::string key;    ///< the report's name for it: "ttft_ms", "decode_tokens_per_s", "peak_rss_bytes"
  std::string label;  ///< the console's: "TTFT", "decode tok/s"
  MetricUnit unit = MetricUnit::milliseconds;
  Better better = Better::lower;
  /// A primary metric is what --fail-if-slower gates on: decode tokens/s and TTFT of a GenAI
  /// bundle, latency of a single model.
  bool primary = false;
};

/// A metric and its samples in one result (empty when the result has none: no decode step, or
/// memory not measured).
struct MetricSamples {
  CompareMetric metric;
  std::vector<double> samples;
};

/// The compared metrics of a result of a report of `kind` ("genai" or "onnx"), in display order,
/// with their samples. The result's samples must have passed check_report_samples
/// (document/report_samples_check.h), as every report read by parse_perf_report has.
std::vector<MetricSamples> compared_metrics(const nlohmann::ordered_json& result, const std::string& kind);

}  // namespace winml::compare
