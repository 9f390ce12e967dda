#include "report/roofline_report.h"

#include <fmt/format.h>

#include <cmath>

#include "report/bandwidth_report.h"
#include "report/json_fields.h"
#include "report/text_units.h"
#include "util/plural.h"

namespace winml::report {
namespace {

using json_fields::Json;
using json_fields::ms;
using json_fields::rate;

Json optional_rate(const std::optional<double>& value) { return value ? Json(rate(*value)) : Json(nullptr); }

Json probe_json(const std::optional<perf::BandwidthResult>& probe) {
  return probe ? bandwidth_json(*probe) : Json(nullptr);
}

// Which probe the limit came from: the one whose best read rate it is ("before" on a tie).
Json limit_source(const perf::BandwidthProbes& probes) {
  const double before = probes.before ? probes.before->read.best_gb_per_s : -1;
  const double after = probes.after ? probes.after->read.best_gb_per_s : -1;
  if (before < 0 && after < 0) return nullptr;
  return before >= after ? "before" : "after";
}

// What the step reads came (at least partly) from cache: it fits in the last-level cache, or decode
// drew more than memory can deliver. The fraction must then not be read as headroom against the
// memory limit (docs/metrics.md, "What the figure leaves out").
bool in_cache(const perf::RooflineMetrics& m) {
  return m.fits_in_cache || (m.fraction_of_limit && *m.fraction_of_limit > 1);
}

Json skip_reason(perf::ProbeSkip skip) {
  switch (skip) {
    case perf::ProbeSkip::off:
      return "off";
    case perf::ProbeSkip::in_cache:
      return "in_cache";
    case perf::ProbeSkip::none:
      break;
  }
  return nullptr;
}

Json decode_json(const perf::GenaiRoofline& r) {
  const perf::RooflineMetrics& m = r.metrics;
  return {{"weight_bytes_per_step", r.model.decode_weights.read_per_token_bytes},
          {"kv_cache_bytes_per_step", std::round(m.kv_cache_bytes_per_step)},
          {"bytes_per_step", std::round(m.bytes_per_step)},
          {"context_tokens_per_step", rate(m.context_tokens_per_step)},
          {"step_ms", ms(m.decode_step_s)},
          {"achieved_gb_per_s", rate(m.decode_gb_per_s)},
          {"read_bandwidth_before_gb_per_s",
           optional_rate(r.probes.before ? std::optional(r.probes.before->read.best_gb_per_s) : std::nullopt)},
          {"read_bandwidth_after_gb_per_s",
           optional_rate(r.probes.after ? std::optional(r.probes.after->read.best_gb_per_s) : std::nullopt)},
          {"read_bandwidth_gb_per_s", optional_rate(m.limit_gb_per_s)},
          {"read_bandwidth_from", limit_source(r.probes)},
          {"fraction_of_read_bandwidth", optional_rate(m.fraction_of_limit)},
          {"in_cache", in_cache(m)}};
}

Json prefill_json(const perf::RooflineMetrics& m) {
  return {{"prompt_tokens", m.prompt_tokens},
          {"weight_flops", m.prefill_flops.weight_flops},
          {"attention_flops", m.prefill_flops.attention_flops},
          {"flops", m.prefill_flops.total()},
          {"prefill_ms", ms(m.prefill_s)},
          {"achieved_gflop_per_s", rate(m.prefill_gflop_per_s)}};
}

Json memory_json(const perf::RooflineMetrics& m) {
  return {{"weights_bytes", m.weights_bytes},
          {"kv_cache_bytes", m.kv_cache_bytes},
          {"kv_cache_context_tokens", m.longest_context_tokens},
          {"rest_of_peak_rss_bytes", m.parts_exceed_peak_rss ? Json(nullptr) : Json(m.rest_of_peak_rss_bytes)},
          {"parts_exceed_peak_rss", m.parts_exceed_peak_rss},
          {"peak_rss_bytes", m.peak_rss_bytes}};
}

Json model_json(const perf::RooflineModel& m) {
  const roofline::WeightBytes& w = m.decode_weights;
  return {{"layers", m.attention.layers},
          {"attention_heads", m.attention.attention_heads},
          {"kv_heads", m.attention.kv_heads},
          {"head_size", m.attention.head_size},
          {"kv_cache_data_type", m.attention.kv_data_type},
          {"kv_cache_bytes_per_token", m.kv_bytes_per_position},
          {"decode_weights",
           {{"stored_bytes", w.stored_bytes},
            {"read_per_token_bytes", w.read_per_token_bytes},
            {"row_tables_bytes", w.row_tables_bytes},
            {"unused_bytes", w.unused_bytes}}},
          {"prefill_weight_macs_per_token", m.prefill_macs_per_token}};
}

// Decimal units, as the bandwidth's GB/s: "1.93 GB", "412.3 MB", "12.0 kB", "512 B".
std::string decimal_bytes(double bytes) {
  if (bytes >= 1e9) return fmt::format("{:.2f} GB", bytes / 1e9);
  if (bytes >= 1e6) return fmt::format("{:.1f} MB", bytes / 1e6);
  if (bytes >= 1e3) return fmt::format("{:.1f} kB", bytes / 1e3);
  return fmt::format("{:.0f} B", bytes);
}

// text::bytes() reads 0 as "not measured"; a split part of 0 is measured.
std::string part_bytes(std::uint64_t value) { return value == 0 ? "0 B" : text::bytes(value); }

}  // namespace

Json roofline_json(const std::optional<perf::GenaiRoofline>& roofline) {
  if (!roofline) return nullptr;
  return {{"decode", decode_json(*roofline)},
          {"prefill", prefill_json(roofline->metrics)},
          {"memory", memory_json(roofline->metrics)},
          {"model", model_json(roofline->model)},
          {"bandwidth_probes",
           {{"before", probe_json(roofline->probes.before)},
            {"after", probe_json(roofline->probes.after)},
            {"skipped", skip_reason(roofline->probes.skipped)},
            {"last_level_cache_bytes", roofline->probes.last_level_cache_bytes}}}};
}

std::string roofline_decode_text(const perf::GenaiRoofline& roofline) {
  const perf::RooflineMetrics& m = roofline.metrics;
  if (m.decode_step_s <= 0) return fmt::format("no decode steps ({} per step)", decimal_bytes(m.bytes_per_step));
  const std::string achieved = fmt::format("decode {:.1f} GB/s", m.decode_gb_per_s);
  const std::string per_step = fmt::format("{} per step", decimal_bytes(m.bytes_per_step));
  const std::string fits = fmt::format("what a step reads fits in the {} last-level cache",
                                       text::bytes(roofline.probes.last_level_cache_bytes));
  if (!m.fraction_of_limit) {
    if (roofline.probes.skipped == perf::ProbeSkip::in_cache) {
      return fmt::format(
          "{} ({}; in cache: {}, so decode is not memory-bound and the read bandwidth was not probed; "
          "--bandwidth-probe probes it)",
          achieved, per_step, fits);
    }
    const std::string cached = m.fits_in_cache ? "; in cache: " + fits : "";
    return fmt::format("{} ({}; the read bandwidth was not probed, so no fraction of it{})", achieved, per_step,
                       cached);
  }
  const std::string line = fmt::format("{} = {:.0f} % of the {:.1f} GB/s read bandwidth measured around this run ({})",
                                       achieved, 100 * *m.fraction_of_limit, *m.limit_gb_per_s, per_step);
  if (*m.fraction_of_limit > 1) {
    return line + "; above 100 %, what a step reads stays in cache between steps: decode is not memory-bound";
  }
  if (m.fits_in_cache) return line + "; in cache: " + fits + ", so decode is not memory-bound";
  return line;
}

std::string roofline_decode_cell(const std::optional<perf::GenaiRoofline>& roofline) {
  if (!roofline || roofline->metrics.decode_step_s <= 0) return "n/a";
  const perf::RooflineMetrics& m = roofline->metrics;
  const char* cached = in_cache(m) ? " (in cache)" : "";
  if (!m.fraction_of_limit) return fmt::format("{:.1f}{}", m.decode_gb_per_s, cached);
  return fmt::format("{:.1f} = {:.0f} %{}", m.decode_gb_per_s, 100 * *m.fraction_of_limit, cached);
}

std::string roofline_prefill_text(const perf::GenaiRoofline& roofline) {
  const perf::RooflineMetrics& m = roofline.metrics;
  const std::string flops = fmt::format("{:.2f} GFLOP", m.prefill_flops.total() / 1e9);
  if (m.prefill_s <= 0) return fmt::format("prefill not timed ({} per prompt)", flops);
  return fmt::format("prefill {:.1f} GFLOP/s ({} for the {}-token prompt in {})", m.prefill_gflop_per_s, flops,
                     m.prompt_tokens, text::duration(m.prefill_s));
}

std::string roofline_memory_text(const perf::GenaiRoofline& roofline) {
  const perf::RooflineMetrics& m = roofline.metrics;
  const std::string cache = fmt::format("KV cache {} at {}", part_bytes(m.kv_cache_bytes),
                                        count_of(static_cast<std::size_t>(m.longest_context_tokens), "token"));
  // Weights counted from their files can exceed what was resident (mapped, paged in as read):
  // then the parts are not pieces of the peak, and no rest is claimed.
  if (m.parts_exceed_peak_rss) {
    return fmt::format(
        "weights file {} · {} · peak RSS {}, below them: the weights were not all resident (mapped "
        "from disk, paged in as read)",
        part_bytes(m.weights_bytes), cache, text::bytes(m.peak_rss_bytes));
  }
  const std::string known = fmt::format("weights {} · {}", part_bytes(m.weights_bytes), cache);
  if (m.peak_rss_bytes == 0) return known + " (peak RSS unknown)";
  return fmt::format("{} · rest {} of the {} peak RSS", known, part_bytes(m.rest_of_peak_rss_bytes),
                     text::bytes(m.peak_rss_bytes));
}

}  // namespace winml::report
