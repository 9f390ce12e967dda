#include "document/report_headline.h"

#include <algorithm>

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

std::string text_at(const Json& object, const Json::json_pointer& where) {
  return object.contains(where) && object[where].is_string() ? object[where].get<std::string>() : std::string();
}

std::optional<double> number_at(const Json& object, const Json::json_pointer& where) {
  if (!object.contains(where) || !object[where].is_number()) return std::nullopt;
  return object[where].get<double>();
}

}  // namespace

ReportHeadline report_headline(const PerfReportDocument& report) {
  ReportHeadline headline;
  headline.kind = report.kind;
  const bool genai = report.kind == "genai";
  headline.metric = genai ? "decode tokens/s" : "latency ms";
  const Json::json_pointer figure(genai ? "/metrics/decode_tokens_per_s_by_iteration/mean"
                                        : "/metrics/latency_ms/mean");
  headline.results = report.results.is_array() ? report.results.size() : 0;
  headline.combinations = headline.results;
  if (report.sweep.is_object() && report.sweep.contains("combinations") &&
      report.sweep["combinations"].is_number_unsigned()) {
    headline.combinations = report.sweep["combinations"].get<std::size_t>();
  }
  if (headline.results == 0) return headline;
  const Json& first = report.results.front();
  headline.timestamp = text_at(first, Json::json_pointer("/config/timestamp"));
  headline.runtime = text_at(first, Json::json_pointer("/config/runtime"));
  headline.model = text_at(first, Json::json_pointer(genai ? "/config/bundle" : "/config/model"));
  for (const Json& result : report.results) {
    const std::optional<double> value = number_at(result, figure);
    if (!value) continue;
    headline.low = headline.low ? std::min(*headline.low, *value) : *value;
    headline.high = headline.high ? std::max(*headline.high, *value) : *value;
  }
  return headline;
}

}  // namespace winml::document
