#include "compare/compare_metrics.h"

#include <cmath>

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

// samples.<key>: an array; none when absent or null (nothing recorded). check_report_samples
// made sure it is one.
const Json* sample_array(const Json& result, const char* key) {
  const auto samples = result.find("samples");
  if (samples == result.end() || !samples->is_object()) return nullptr;
  const auto it = samples->find(key);
  if (it == samples->end() || !it->is_array()) return nullptr;
  return &*it;
}

// metrics.peak_rss_bytes, one sample; none when it was not measured (0, or absent).
std::vector<double> peak_rss(const Json& result) {
  const auto& metrics = result.at("metrics");
  const auto it = metrics.find("peak_rss_bytes");
  if (it == metrics.end() || !it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() <= 0) return {};
  return {it->get<double>()};
}

const CompareMetric kPeakRss{"peak_rss_bytes", "peak RSS", MetricUnit::bytes, Better::lower, false};

std::vector<MetricSamples> genai_metrics(const Json& result) {
  MetricSamples ttft{{"ttft_ms", "TTFT", MetricUnit::milliseconds, Better::lower, true}, {}};
  MetricSamples tpot{{"tpot_ms", "TPOT", MetricUnit::milliseconds, Better::lower, false}, {}};
  MetricSamples decode{{"decode_tokens_per_s", "decode tok/s", MetricUnit::tokens_per_second, Better::higher, true},
                       {}};
  MetricSamples prefill{{"prefill_tokens_per_s", "prefill tok/s", MetricUnit::tokens_per_second, Better::higher, false},
                        {}};
  MetricSamples total{{"total_ms", "end-to-end", MetricUnit::milliseconds, Better::lower, false}, {}};
  if (const Json* timed = sample_array(result, "timed")) {
    for (const Json& it : *timed) {
      const double prefill_ms = it.at("prefill_ms").get<double>();
      ttft.samples.push_back(prefill_ms + it.at("first_token_ms").get<double>());
      total.samples.push_back(it.at("total_ms").get<double>());
      const double input_tokens = it.at("input_tokens").get<double>();
      if (prefill_ms > 0) prefill.samples.push_back(input_tokens / prefill_ms * 1e3);
      const Json& steps = it.at("decode_ms");
      double decode_ms = 0;
      for (const Json& step : steps) decode_ms += step.get<double>();
      if (steps.empty() || decode_ms <= 0) continue;  // no decode step: no TPOT, no decode rate (as the report)
      const auto count = static_cast<double>(steps.size());
      tpot.samples.push_back(decode_ms / count);
      decode.samples.push_back(count / decode_ms * 1e3);
    }
  }
  return {std::move(ttft),    std::move(tpot),  std::move(decode),
          std::move(prefill), std::move(total), {kPeakRss, peak_rss(result)}};
}

std::vector<MetricSamples> onnx_metrics(const Json& result) {
  MetricSamples latency{{"latency_ms", "latency", MetricUnit::milliseconds, Better::lower, true}, {}};
  if (const Json* timed = sample_array(result, "timed_ms")) {
    for (const Json& value : *timed) latency.samples.push_back(value.get<double>());
  }
  return {std::move(latency), {kPeakRss, peak_rss(result)}};
}

}  // namespace

std::vector<MetricSamples> compared_metrics(const Json& result, const std::string& kind) {
  return kind == "genai" ? genai_metrics(result) : onnx_metrics(result);
}

}  // namespace winml::report
