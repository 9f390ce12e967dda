#pragma once
/// \file
/// What `winml perf merge` needs of a report read back (document/perf_report_document.h): its
/// statistics methods, its sweep (a version 1 report ran a plain one) and the shard it ran, each
/// result with the objects a result always has.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "document/perf_report_document.h"
#include "perf/shard.h"

namespace winml::document {

/// The parts of one report.
struct ReportParts {
  std::string kind;                             ///< "genai" or "onnx"
  nlohmann::ordered_json methods;               ///< how the statistics were computed
  nlohmann::ordered_json sweep;                 ///< the "sweep" object; version 1: a plain run's, no axes
  std::optional<perf::Shard> shard;             ///< sweep.shard: the slice of the sweep this report ran
  std::vector<nlohmann::ordered_json> results;  ///< each with config, machine, metrics and samples objects
};

/// The parts of `report`. Throws winml::UsageError naming its file and the problem when it lacks
/// a part a report winml wrote always has.
ReportParts report_parts(const PerfReportDocument& report);

/// A shard object {"index": K, "count": N} of a report, or nullopt when `value` is not one with
/// 1 <= K <= N <= perf::kMaxShardCount.
std::optional<perf::Shard> shard_from_json(const nlohmann::ordered_json& value);

/// The shard object of a report: {"index": K, "count": N}.
nlohmann::ordered_json shard_to_json(const perf::Shard& shard);

}  // namespace winml::document
