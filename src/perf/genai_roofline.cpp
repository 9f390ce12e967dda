#include "perf/genai_roofline.h"

#include <algorithm>

#include "perf/probe_schedule.h"

namespace winml::perf {

RooflineModel roofline_model(const roofline::BundleModel& bundle) {
  RooflineModel m;
  m.attention = bundle.attention;
  m.decode_weights = roofline::bundle_weight_bytes(bundle, roofline::Phase::token_gen);
  m.weights_in_memory_bytes = roofline::bundle_weight_bytes(bundle, roofline::Phase::any).stored_bytes;
  m.kv_bytes_per_position = roofline::kv_bytes_per_position(bundle.attention);
  m.prefill_macs_per_token = roofline::bundle_weight_macs_per_token(bundle, roofline::Phase::prompt);
  return m;
}

RooflineMetrics compute_roofline(const RooflineModel& model, const std::vector<GenerationSample>& timed,
                                 const GenaiMetrics& metrics, const BandwidthProbes& probes,
                                 std::uint64_t peak_rss_bytes, std::int64_t depth) {
  RooflineMetrics r;
  double steps = 0;
  double positions = 0;  // summed over every decode step
  double decode_time = 0;
  for (const GenerationSample& s : timed) {
    const auto n = static_cast<double>(s.decode_s.size());
    const auto before = static_cast<double>(depth + s.input_tokens);
    steps += n;
    positions += n * before + n * (n + 1) / 2;  // sum over k = 1..n of (before + k)
    for (double d : s.decode_s) decode_time += d;
    r.longest_context_tokens =
        std::max(r.longest_context_tokens, depth + s.input_tokens + static_cast<std::int64_t>(s.decode_s.size()));
  }
  r.weight_bytes_per_step = static_cast<double>(model.decode_weights.read_per_token_bytes);
  if (steps > 0) {
    r.context_tokens_per_step = positions / steps;
    r.kv_cache_bytes_per_step = r.context_tokens_per_step * static_cast<double>(model.kv_bytes_per_position);
    r.decode_step_s = decode_time / steps;
  }
  r.bytes_per_step = r.weight_bytes_per_step + r.kv_cache_bytes_per_step;
  if (r.decode_step_s > 0) r.decode_gb_per_s = r.bytes_per_step / r.decode_step_s / 1e9;
  for (const auto& probe : {probes.before, probes.after}) {
    if (probe) r.limit_gb_per_s = std::max(r.limit_gb_per_s.value_or(0), probe->read.best_gb_per_s);
  }
  if (r.limit_gb_per_s && *r.limit_gb_per_s > 0 && r.decode_gb_per_s > 0) {
    r.fraction_of_limit = r.decode_gb_per_s / *r.limit_gb_per_s;
  }
  r.fits_in_cache = perf::fits_in_cache(r.bytes_per_step, probes.last_level_cache_bytes);

  r.prompt_tokens = metrics.prompt_tokens;
  r.prefill_flops = roofline::prefill_flops(model.prefill_macs_per_token, model.attention, r.prompt_tokens, depth);
  r.prefill_s = metrics.prefill_s.mean;
  if (r.prefill_s > 0) r.prefill_gflop_per_s = r.prefill_flops.total() / r.prefill_s / 1e9;

  r.weights_bytes = model.weights_in_memory_bytes;
  r.kv_cache_bytes = static_cast<std::uint64_t>(r.longest_context_tokens) * model.kv_bytes_per_position;
  split_peak_rss(r, peak_rss_bytes);
  return r;
}

void split_peak_rss(RooflineMetrics& m, std::uint64_t peak_rss_bytes) {
  m.peak_rss_bytes = peak_rss_bytes;
  const std::uint64_t accounted = m.weights_bytes + m.kv_cache_bytes;
  m.parts_exceed_peak_rss = peak_rss_bytes > 0 && accounted > peak_rss_bytes;
  m.rest_of_peak_rss_bytes = peak_rss_bytes > accounted ? peak_rss_bytes - accounted : 0;
}

}  // namespace winml::perf
