#include "report/report_results.h"

#include <fmt/format.h>

#include <cstdint>

#include "winml/errors.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void not_a_report(const std::string& name, const std::string& problem) {
  throw UsageError(fmt::format(
      "{} is not a winml perf report: {}. Pass the JSON report a `winml perf` run wrote (its -o path, or the path it "
      "printed).",
      name, problem));
}

// The reader checked config and metrics; a merge also keeps machine facts and samples.
void check_result(const Json& result, const std::string& name, std::size_t index) {
  for (const char* key : {"machine", "samples"}) {
    const auto it = result.find(key);
    if (it == result.end() || !it->is_object()) {
      not_a_report(name, fmt::format("results[{}] has no \"{}\" object", index, key));
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
  if (!report.methods.is_object()) not_a_report(name, "it has no \"methods\" object");
  parts.methods = report.methods;
  parts.results.assign(report.results.begin(), report.results.end());
  for (std::size_t i = 0; i < parts.results.size(); ++i) check_result(parts.results[i], name, i);
  if (report.schema_version == 1) {
    parts.sweep = {{"axes", Json::array()}, {"combinations", 1}};  // what version 2 says of a plain run
    return parts;
  }
  if (!report.sweep.is_object()) not_a_report(name, "it has no \"sweep\" object");
  parts.sweep = report.sweep;
  if (const auto shard = parts.sweep.find("shard"); shard != parts.sweep.end()) {
    parts.shard = shard_from_json(*shard);
    if (!parts.shard) not_a_report(name, "its sweep.shard is not {\"index\": K, \"count\": N} with 1 <= K <= N");
  }
  return parts;
}

}  // namespace winml::report
