#include "document/report_results.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "document/report_refusal.h"
#include "perf/sweep_axes.h"
#include "report/json_fields.h"

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

// Every result of a sweep has one of each axis's values: a result outside them was not measured
// by that sweep (an edited or mixed-up file), and merging it would put it among the sweep's rows.
void check_results_in_sweep(const ReportParts& parts, const std::string& name) {
  const auto axes = parts.sweep.find("axes");
  if (axes == parts.sweep.end() || !axes->is_array()) return;
  for (const Json& axis : *axes) {
    if (!axis.is_object() || !axis.contains("name") || !axis.contains("values") || !axis.at("values").is_array()) {
      continue;
    }
    const perf::SweepAxisSpec* spec = axis.at("name").is_string() ? perf::find_sweep_axis(axis.at("name")) : nullptr;
    if (spec == nullptr || !spec->request_recorded) continue;
    const Json& values = axis.at("values");
    const Json::json_pointer pointer(spec->requested_pointer);
    for (std::size_t i = 0; i < parts.results.size(); ++i) {
      const Json& result = parts.results[i];
      const Json value = result.contains(pointer) ? result.at(pointer) : Json(nullptr);
      if (std::find(values.begin(), values.end(), value) != values.end()) continue;
      refuse_report(name,
                    fmt::format(": results[{}] has {} {}, which is not one of the values of its sweep's {} axis ({}), "
                                "so its sweep did not measure it",
                                i, spec->name, report::json_fields::quoted_value(value), spec->name,
                                report::json_fields::quoted_value(values)),
                    "Merge the reports that the shards' winml perf runs wrote, unedited");
    }
  }
}

}  // namespace

std::optional<perf::Shard> shard_from_json(const Json& value) {
  if (!value.is_object()) return std::nullopt;
  const auto index = value.find("index");
  const auto count = value.find("count");
  if (index == value.end() || count == value.end() || !index->is_number_integer() || !count->is_number_integer()) {
    return std::nullopt;
  }
  const auto k = index->get<std::int64_t>();
  const auto n = count->get<std::int64_t>();
  if (k < 1 || k > n || n > static_cast<std::int64_t>(perf::kMaxShardCount)) return std::nullopt;
  return perf::Shard{static_cast<std::size_t>(k), static_cast<std::size_t>(n)};
}

Json shard_to_json(const perf::Shard& shard) { return {{"index", shard.index}, {"count", shard.count}}; }

ReportParts report_parts(const PerfReportDocument& report) {
  const std::string& name = report.source;
  ReportParts parts;
  parts.kind = report.kind;
  if (!report.methods.is_object()) refuse_not_a_report(name, "it has no \"methods\" object");
  parts.methods = report.methods;
  parts.results.assign(report.results.begin(), report.results.end());
  // The reader checked config and metrics; a merge also keeps machine facts and samples.
  for (std::size_t i = 0; i < parts.results.size(); ++i) {
    check_result_objects(parts.results[i], fmt::format("results[{}]", i), name, {"machine", "samples"});
  }
  if (report.schema_version == 1) {
    parts.sweep = {{"axes", Json::array()}, {"combinations", 1}};  // what version 2 says of a plain run
    return parts;
  }
  if (!report.sweep.is_object()) refuse_not_a_report(name, "it has no \"sweep\" object");
  parts.sweep = report.sweep;
  if (const auto shard = parts.sweep.find("shard"); shard != parts.sweep.end()) {
    parts.shard = shard_from_json(*shard);
    if (!parts.shard) refuse_not_a_report(name, "its sweep.shard is not {\"index\": K, \"count\": N} with 1 <= K <= N");
  }
  check_results_in_sweep(parts, name);
  return parts;
}

}  // namespace winml::document
