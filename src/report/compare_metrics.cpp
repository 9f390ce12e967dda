#include "report/compare_metrics.h"

#include <fmt/format.h>

#include <cmath>

#include "winml/errors.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void malformed(const std::string& where, const std::string& field, const std::string& problem) {
  throw UsageError(
      fmt::format("{}: {} {}; it is not a report winml perf wrote. Compare the JSON reports that "
                  "`winml perf` runs wrote, unedited.",
                  where, field, problem));
}

double number_at(const Json& object, const char* key, const std::string& where, const std::string& field) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number() || !std::isfinite(it->get<double>())) {
    malformed(where, field + "." + key, "is missing or not a finite number");
  }
  return it->get<double>();
}

// samples.<key>: an array (absent or null: none recorded).
const Json* sample_array(const Json& result, const char* key, const std::string& where) {
  const auto samples = result.find("samples");
  if (samples == result.end() || !samples->is_object()) return nullptr;
  const auto it = samples->find(key);
  if (it == samples->end() || it->is_null()) return nullptr;
  if (!it->is_array()) malformed(where, std::string("samples.") + key, "is not an array");
  return &*it;
}

// metrics.peak_rss_bytes, one sample; none when it was not measured (0, or absent).
std::vector<double> peak_rss(const Json& result) {
  const auto& metrics = result.at("metrics");
  const auto it = metrics.find("peak_rss_bytes");
  if (it == metrics.end() || !it->is_number() || it->get<double>() <= 0) return {};
  return {it->get<double>()};
}

const CompareMetric kPeakRss{"peak_rss_bytes", "peak RSS", MetricUnit::bytes, Better::lower, false};

std::vector<MetricSamples> genai_metrics(const Json& result, const std::string& where) {
  MetricSamples ttft{{"ttft_ms", "TTFT", MetricUnit::milliseconds, Better::lower, true}, {}};
  MetricSamples tpot{{"tpot_ms", "TPOT", MetricUnit::milliseconds, Better::lower, false}, {}};
  MetricSamples decode{{"decode_tokens_per_s", "decode tok/s", MetricUnit::tokens_per_second, Better::higher, true},
                       {}};
  MetricSamples prefill{{"prefill_tokens_per_s", "prefill tok/s", MetricUnit::tokens_per_second, Better::higher, false},
                        {}};
  MetricSamples total{{"total_ms", "end-to-end", MetricUnit::milliseconds, Better::lower, false}, {}};
  if (const Json* timed = sample_array(result, "timed", where)) {
    for (std::size_t i = 0; i < timed->size(); ++i) {
      const Json& it = timed->at(i);
      const std::string field = fmt::format("samples.timed[{}]", i);
      if (!it.is_object()) malformed(where, field, "is not an object");
      const double prefill_ms = number_at(it, "prefill_ms", where, field);
      ttft.samples.push_back(prefill_ms + number_at(it, "first_token_ms", where, field));
      total.samples.push_back(number_at(it, "total_ms", where, field));
      const double input_tokens = number_at(it, "input_tokens", where, field);
      if (prefill_ms > 0) prefill.samples.push_back(input_tokens / prefill_ms * 1e3);
      const auto steps = it.find("decode_ms");
      if (steps == it.end() || !steps->is_array()) malformed(where, field + ".decode_ms", "is not an array");
      double decode_ms = 0;
      for (const Json& step : *steps) {
        if (!step.is_number() || !std::isfinite(step.get<double>())) {
          malformed(where, field + ".decode_ms", "holds a value that is not a finite number");
        }
        decode_ms += step.get<double>();
      }
      if (steps->empty() || decode_ms <= 0) continue;  // no decode step: no TPOT, no decode rate (as the report)
      const auto count = static_cast<double>(steps->size());
      tpot.samples.push_back(decode_ms / count);
      decode.samples.push_back(count / decode_ms * 1e3);
    }
  }
  return {std::move(ttft),    std::move(tpot),  std::move(decode),
          std::move(prefill), std::move(total), {kPeakRss, peak_rss(result)}};
}

std::vector<MetricSamples> onnx_metrics(const Json& result, const std::string& where) {
  MetricSamples latency{{"latency_ms", "latency", MetricUnit::milliseconds, Better::lower, true}, {}};
  if (const Json* timed = sample_array(result, "timed_ms", where)) {
    for (const Json& value : *timed) {
      if (!value.is_number() || !std::isfinite(value.get<double>())) {
        malformed(where, "samples.timed_ms", "holds a value that is not a finite number");
      }
      latency.samples.push_back(value.get<double>());
    }
  }
  return {std::move(latency), {kPeakRss, peak_rss(result)}};
}

}  // namespace

std::vector<MetricSamples> compared_metrics(const Json& result, const std::string& kind, const std::string& where) {
  return kind == "genai" ? genai_metrics(result, where) : onnx_metrics(result, where);
}

}  // namespace winml::report
