#pragma once
/// \file
/// Reports as the real JSON writer wrote them (tests/report/golden/*.json), read the way winml
/// reads a report file, for the tests of what reads reports back (compare, merge). A test that
/// needs another run edits a copy: its timings scaled, its keys reordered as a tool would.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "document/perf_report_document.h"

namespace winml::testing {

/// The text of tests/report/golden/`name` ("genai.json", "genai_sweep.json", "onnx.json").
inline std::string golden_report_text(const std::string& name) {
  std::ifstream in(std::filesystem::path(WINML_TEST_SOURCE_DIR) / "tests/report/golden" / name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The golden report `name`, read as if from the file `source`.
inline ::winml::document::PerfReportDocument golden_report(const std::string& name, const std::string& source) {
  return ::winml::document::parse_perf_report(golden_report_text(name), source);
}

/// `text` with every object's keys sorted, as `jq -S` rewrites a report: the same report to anyone
/// who reads it by key.
inline std::string sorted_keys(const std::string& text) { return nlohmann::json::parse(text).dump(2); }

/// Multiplies every timed sample of `result` (a genai or onnx result: the times of each timed
/// iteration) and its peak RSS by `factor`: the run as a machine `factor` times slower made it.
inline void scale_timings(nlohmann::ordered_json& result, double factor) {
  nlohmann::ordered_json& samples = result["samples"];
  if (samples.contains("timed_ms")) {
    for (auto& ms : samples["timed_ms"]) ms = ms.get<double>() * factor;
  }
  if (samples.contains("timed")) {
    for (auto& it : samples["timed"]) {
      for (const char* key : {"prefill_ms", "first_token_ms", "total_ms"}) it[key] = it[key].get<double>() * factor;
      for (auto& step : it["decode_ms"]) step = step.get<double>() * factor;
    }
  }
  auto& rss = result["metrics"]["peak_rss_bytes"];
  if (rss.is_number()) rss = rss.get<double>() * factor;
}

/// The golden report `name` read from `source`, every result's timings scaled by `factor`.
inline ::winml::document::PerfReportDocument scaled_golden(const std::string& name, const std::string& source,
                                                           double factor) {
  ::winml::document::PerfReportDocument report = golden_report(name, source);
  for (auto& result : report.results) scale_timings(result, factor);
  return report;
}

}  // namespace winml::testing
