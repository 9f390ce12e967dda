#include "compare/compare_metrics.h"

#include <cmath>

#include "winml/generation.h"

namespace winml::compare {
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

// One timed iteration of the report, so that TTFT, TPOT and the decode rate have the one definition
// GenerationTiming gives them (include/winml/generation.h). Its fields hold the report's
// milliseconds, not seconds: each definition is a sum or a ratio, the same in any unit, and
// converting to seconds and back would move the last bits of every sample (and of the p-values
// the goldens of tests/report/golden/compare hold).
GenerationTiming timing_in_ms(const Json& sample) {
  GenerationTiming timing;
  timing.prefill_s = sample.at("prefill_ms").get<double>();
  timing.first_token_s = sample.at("first_token_ms").get<double>();
  for (const Json& step : sample.at("decode_ms")) timing.decode_s.push_back(step.get<double>());
  return timing;
}

const CompareMetric kPeakRss{"peak_rss_bytes", "peak RSS", MetricUnit::bytes, Better::lower, false};
// A run through GenAI's Engine: its throughput, one figure per result, gated as decode tok/s is.
const CompareMetric kServedThroughput{"output_tokens_per_s", "served tok/s", MetricUnit::tokens_per_second,
                                      Better::higher, true};

// serving.output_tokens_per_s, one sample; none for a generator result.
std::vector<double> served_throughput(const Json& result) {
  const auto serving = result.find("serving");
  if (serving == result.end() || !serving->is_object()) return {};
  const auto it = serving->find("output_tokens_per_s");
  if (it == serving->end() || !it->is_number() || !(it->get<double>() > 0)) return {};
  return {it->get<double>()};
}

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
      const GenerationTiming timing = timing_in_ms(it);
      ttft.samples.push_back(timing.ttft_s());
      total.samples.push_back(it.at("total_ms").get<double>());
      if (timing.prefill_s > 0) prefill.samples.push_back(it.at("input_tokens").get<double>() / timing.prefill_s * 1e3);
      // No decode step (or no time in them): no TPOT, no decode rate, as the report has none.
      if (timing.decode_tokens_per_s() <= 0) continue;
      tpot.samples.push_back(timing.tpot_s());
      decode.samples.push_back(timing.decode_tokens_per_s() * 1e3);  // steps per millisecond, per second
    }
  }
  std::vector<MetricSamples> out = {std::move(ttft),    std::move(tpot),  std::move(decode),
                                    std::move(prefill), std::move(total), {kPeakRss, peak_rss(result)}};
  if (std::vector<double> served = served_throughput(result); !served.empty()) {
    out.push_back({kServedThroughput, std::move(served)});
  }
  return out;
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

}  // namespace winml::compare
