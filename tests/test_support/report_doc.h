#pragma once
// Reading `winml perf` reports in tests, whatever their schema version: version 1 holds one
// result at the top level (config, machine, metrics, samples); a later version holds a
// "results" array with one such object per measured combination. Tests that look at one result
// go through first_result so that they do not depend on that layout.

#include <nlohmann/json.hpp>

namespace winml::test {

/// The first result of a report: the document itself (version 1) or results[0].
inline const nlohmann::json& first_result(const nlohmann::json& report) {
  if (report.contains("results")) return report.at("results").at(0);
  return report;
}

/// As above, for a report a test modifies.
inline nlohmann::json& first_result(nlohmann::json& report) {
  if (report.contains("results")) return report.at("results").at(0);
  return report;
}

}  // namespace winml::test
