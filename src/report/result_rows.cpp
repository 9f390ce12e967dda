#include "report/result_rows.h"

#include <cmath>
#include <initializer_list>
#include <optional>
#include <variant>

#include "perf/sweep_axes.h"
#include "report/clock_report.h"
#include "report/json_fields.h"
#include "report/placement_report.h"
#include "resources/resource_usage.h"
#include "stats/percentile_list.h"
#include "winml/errors.h"

namespace winml::report {
namespace {

using json_fields::ms;
using json_fields::rate;

// Appends columns and cells in one pass, so a column can never lose its value or its place.
class RowBuilder {
 public:
  void text(const std::string& name, const std::string& value) { add(name, false, value); }
  void count(const std::string& name, std::int64_t value) { add(name, true, value); }
  void count(const std::string& name, const std::optional<int>& value) {
    add(name, true, value ? Cell(std::int64_t{*value}) : Cell());
  }
  void number(const std::string& name, double value) { add(name, true, value); }
  void number(const std::string& name, const std::optional<double>& value) {
    add(name, true, value ? Cell(*value) : Cell());
  }
  void count(const std::string& name, const std::optional<std::int64_t>& value) {
    add(name, true, value ? Cell(*value) : Cell());
  }

  // metric_mean_unit, metric_median_unit, metric_pNN_unit for every percentile but 50 (the
  // median already is the nearest-rank 50th percentile), metric_stddev_unit, metric_n.
  void summary(const std::string& metric, const std::string& unit, const perf::Summary& s, double (*convert)(double)) {
    number(metric + "_mean_" + unit, convert(s.mean));
    number(metric + "_median_" + unit, convert(s.median));
    for (const perf::PercentileValue& v : s.percentiles) {
      if (v.p != 50) number(metric + "_" + perf::percentile_key(v.p) + "_" + unit, convert(v.value));
    }
    number(metric + "_stddev_" + unit, convert(s.stddev));
    count(metric + "_n", static_cast<std::int64_t>(s.count));
  }

  // Adds the row to the table; the first row fixes the header.
  void finish(RowTable& table) {
    if (table.rows.empty()) {
      table.columns = std::move(columns_);
    } else if (columns_ != table.columns) {
      throw UsageError(
          "results with different --percentiles, or of runs with and without --cold or the serving flags, cannot "
          "share one table: write each group's rows apart");
    }
    table.rows.push_back(std::move(cells_));
  }

 private:
  void add(const std::string& name, bool numeric, Cell value) {
    columns_.push_back({name, numeric});
    cells_.push_back(std::move(value));
  }
  std::vector<Column> columns_;
  std::vector<Cell> cells_;
};

std::int64_t as_count(std::uint64_t v) { return static_cast<std::int64_t>(v); }

// An axis's cell: text for names, a count for counts, a number for rates; empty when the value is
// unknown (threads when stages differ, a serving setting of a generator run).
void axis_column(RowBuilder& row, const perf::SweepAxisSpec& axis, const std::optional<perf::SweepValue>& value) {
  if (axis.kind == perf::AxisKind::name) {
    row.text(axis.name, value ? std::get<std::string>(*value) : std::string());
  } else if (axis.kind == perf::AxisKind::number) {
    row.number(axis.name, value ? std::optional<double>(std::get<double>(*value)) : std::nullopt);
  } else {
    row.count(axis.name, value ? std::optional<std::int64_t>(std::get<std::int64_t>(*value)) : std::nullopt);
  }
}

// The columns both runtimes start with: what ran, then the runtime's sweep axes as the result ran
// with them; `after_axis(name)` adds the columns that follow an axis.
template <class Result, class AfterAxis>
void identity(RowBuilder& row, const Result& r, const char* model_column, const std::string& model,
              perf::AxisRuntime runtime, AfterAxis after_axis) {
  row.text("runtime", r.config.runtime);
  row.text(model_column, model);
  for (const perf::SweepAxisSpec& axis : perf::sweep_axis_specs()) {
    if (axis.runtime != perf::AxisRuntime::both && axis.runtime != runtime) continue;
    axis_column(row, axis, perf::in_effect(axis, r));
    after_axis(std::string(axis.name));
  }
}

// The run-wide columns after the counts: rounds, timestamp (threads are an axis, percentiles name
// the summaries' columns).
void run_wide_columns(RowBuilder& row, const perf::RunWide& run) {
  row.count("rounds", static_cast<std::int64_t>(run.rounds));
  row.text("timestamp", run.timestamp);
}

// Where the row was measured: the machine's key facts and the shard of the sweep, so rows of many
// machines (or shards) concatenated into one file can be told apart. Unknown counts are empty.
void machine_columns(RowBuilder& row, const perf::MachineInfo& m, const std::optional<perf::Shard>& shard) {
  using Count = std::optional<std::int64_t>;
  row.text("host_name", m.host_name);
  row.text("cpu_model", m.cpu_model);
  row.count("logical_cores", m.logical_cores > 0 ? Count(m.logical_cores) : std::nullopt);
  row.count("memory_total_bytes", m.memory_total_bytes > 0 ? Count(as_count(m.memory_total_bytes)) : std::nullopt);
  row.text("os", m.os);
  row.text("arch", m.arch);
  row.count("shard_index", shard ? Count(static_cast<std::int64_t>(shard->index)) : std::nullopt);
  row.count("shard_count", shard ? Count(static_cast<std::int64_t>(shard->count)) : std::nullopt);
}

// The roofline's headline figures (docs/metrics.md, "Roofline"): all empty when it could not be
// computed; the limit and the fraction also when the bandwidth was not probed.
void roofline_columns(RowBuilder& row, const std::optional<perf::GenaiRoofline>& roofline) {
  using Bytes = std::optional<std::int64_t>;
  using Number = std::optional<double>;
  const perf::RooflineMetrics* m = roofline ? &roofline->metrics : nullptr;
  auto rounded = [m](auto get) -> Number {
    if (m == nullptr) return std::nullopt;
    const Number v = get(*m);
    return v ? Number(rate(*v)) : std::nullopt;
  };
  auto bytes = [m](auto get) -> Bytes { return m ? Bytes(std::llround(static_cast<double>(get(*m)))) : std::nullopt; };
  using M = perf::RooflineMetrics;
  row.count("decode_bytes_per_step", bytes([](const M& x) { return x.bytes_per_step; }));
  row.number("decode_gb_per_s", rounded([](const M& x) { return Number(x.decode_gb_per_s); }));
  row.number("read_bandwidth_gb_per_s", rounded([](const M& x) { return x.limit_gb_per_s; }));
  row.number("read_bandwidth_fraction", rounded([](const M& x) { return x.fraction_of_limit; }));
  row.number("prefill_flops", m ? Number(m->prefill_flops.total()) : std::nullopt);
  row.number("prefill_gflop_per_s", rounded([](const M& x) { return Number(x.prefill_gflop_per_s); }));
  row.count("weights_bytes", bytes([](const M& x) { return x.weights_bytes; }));
  row.count("kv_cache_bytes", bytes([](const M& x) { return x.kv_cache_bytes; }));
}

// The largest drop of the mean CPU clock over the runs (rounds) of a result; empty when no run
// could read the clock. Above perf::kThrottleDropPercent the result throttled.
// The share of the nodes of accelerator sessions their EP took, and the nodes left to the CPU;
// empty cells where no session ran on an accelerator or the placement is unknown.
void placement_columns(RowBuilder& row, const std::vector<StagePlacement>& stages) {
  const double share = configured_ep_share(stages);
  row.number("placement_on_ep_share", share < 0 ? std::optional<double>() : std::round(share * 1e4) / 1e4);
  std::optional<std::int64_t> fallback;
  if (share >= 0) {
    fallback = 0;
    for (const StagePlacement& s : stages) *fallback += static_cast<std::int64_t>(s.cpu_fallback.size());
  }
  row.count("placement_cpu_fallback_nodes", fallback);
}

// The busy cores of this process in `phase`; empty when the phase was not sampled.
std::optional<double> phase_busy_cores(const resources::ResourceUsage& usage, resources::UsagePhase phase) {
  for (const resources::PhaseCpu& p : usage.cpu) {
    if (p.phase == phase) return rate(p.busy_cores());
  }
  return std::nullopt;
}

std::optional<double> rounded(const std::optional<double>& v) {
  return v ? std::optional<double>(rate(*v)) : std::nullopt;
}

// What the run used (docs/formats.md, "Resources in the report"): the busy cores of the timed phases,
// other processes' load, the sampled RSS peak and the accelerator's peak; empty cells for a run not
// sampled, so the rows of one table keep their columns.
void usage_columns(RowBuilder& row, const resources::ResourceUsage& usage,
                   std::initializer_list<resources::UsagePhase> phases) {
  const bool sampled = usage.sampled;
  for (resources::UsagePhase phase : phases) {
    row.number(std::string(resources::usage_phase_name(phase)) + "_busy_cores",
               sampled ? phase_busy_cores(usage, phase) : std::nullopt);
  }
  row.number("other_load_busy_cores",
             sampled && usage.other ? std::optional<double>(rate(usage.other->busy_cores)) : std::nullopt);
  row.count("sampled_peak_rss_bytes",
            sampled ? std::optional<std::int64_t>(as_count(usage.rss_peak.bytes)) : std::nullopt);
  row.number("device_peak_utilisation", sampled ? rounded(usage.device.peak_utilisation) : std::nullopt);
}

void clock_column(RowBuilder& row, const std::vector<perf::ClockCheck>& checks) {
  row.number("cpu_clock_drop_percent", worst_clock_drop_percent(checks));
}

// What the reference generation produced and how it compares (docs/metrics.md, "Greedy output",
// "Agreement"): empty where a result has none, so the rows of one table keep their columns.
void output_columns(RowBuilder& row, const perf::GenaiPerfResult& r) {
  using Count = std::optional<std::int64_t>;
  using Number = std::optional<double>;
  const auto& o = r.output;
  const bool top = o && !o->first_step_top.empty();
  row.count("output_tokens", o ? Count(o->tokens) : std::nullopt);
  row.text("output_ids_digest", o ? o->digest : std::string());
  row.count("output_first_id", o && !o->first_ids.empty() ? Count(o->first_ids.front()) : std::nullopt);
  row.number("output_first_logit", top ? Number(rate(o->first_step_top.front().logit)) : std::nullopt);
  const auto& a = r.agreement;
  row.text("agreement", a ? perf::to_string(a->status) : "");
  row.count("agreement_reference", a ? Count(static_cast<std::int64_t>(a->reference)) : std::nullopt);
  row.count("agreement_diverges_at_token", a && a->diverges_at ? Count(*a->diverges_at) : std::nullopt);
  row.number("agreement_first_step_logit_diff",
             a && a->first_step_logit_diff ? Number(rate(*a->first_step_logit_diff)) : std::nullopt);
}

void serving_columns(RowBuilder& row, const perf::ServingResult& serving, const perf::ServingConfig& config) {
  const perf::ServingSummary& s = serving.summary;
  using Number = std::optional<double>;
  row.text("serving_mode", perf::to_string(config.mode));
  row.number("burstiness", config.mode == perf::ServingMode::open ? Number(config.burstiness) : std::nullopt);
  row.count("serving_requests", static_cast<std::int64_t>(s.requests));
  row.count("serving_conversations", static_cast<std::int64_t>(s.conversations));
  row.number("output_tokens_per_s", rate(s.output_tokens_per_s));
  row.number("requests_per_s", rate(s.requests_per_s));
  row.summary("e2e", "ms", s.e2e_s, ms);
  row.summary("queue_wait", "ms", s.queue_wait_s, ms);
  row.number("mean_batch", rate(s.mean_batch));
  row.count("largest_batch", static_cast<std::int64_t>(s.largest_batch));
  row.count("engine_max_batch_size", static_cast<std::int64_t>(serving.limits.max_batch_size));
  row.count("serving_prompt_tokens", as_count(s.prompt_tokens));
  row.count("cached_prompt_tokens", as_count(s.cached_prompt_tokens));
  row.number("goodput_share", s.goodput ? Number(rate(s.goodput->share())) : std::nullopt);
  row.number("goodput_requests_per_s", s.goodput ? Number(rate(s.goodput->requests_per_s)) : std::nullopt);
  row.text("offered_rate_exceeded", !s.offered_rate_per_s ? "" : s.offered_rate_exceeded ? "yes" : "no");
}

void genai_row(const perf::GenaiPerfResult& r, const std::optional<perf::Shard>& shard, RowTable& table) {
  const perf::GenaiPerfConfig& c = r.config;
  const perf::GenaiMetrics& m = r.metrics;
  RowBuilder row;
  // The cap of the new tokens by the context follows the count asked for.
  identity(row, r, "bundle", c.bundle, perf::AxisRuntime::genai, [&](const std::string& axis) {
    if (axis == "max_new_tokens") row.count("max_new_tokens_effective", c.max_new_tokens_effective);
  });
  row.count("iterations", static_cast<std::int64_t>(m.iterations));
  row.count("warmup", static_cast<std::int64_t>(r.warmup.count));
  run_wide_columns(row, c.run);
  machine_columns(row, r.context.machine, shard);
  row.summary("ttft", "ms", m.ttft_s, ms);
  row.summary("prefill", "ms", m.prefill_s, ms);
  row.number("depth_fill_mean_ms", ms(m.depth_fill_s.mean));
  row.summary("first_token", "ms", m.first_token_s, ms);
  row.summary("tpot", "ms", m.tpot_s, ms);
  row.summary("decode_step", "ms", m.decode_step_s, ms);
  row.summary("total", "ms", m.total_s, ms);
  row.summary("decode_rate", "tokens_per_s", m.decode_tokens_per_s, rate);
  row.number("decode_rate_aggregate_tokens_per_s", rate(m.decode_tokens_per_s_aggregate));
  row.number("prefill_rate_aggregate_tokens_per_s", rate(m.prefill_tokens_per_s_aggregate));
  row.number("avg_token_latency_ms", ms(m.avg_token_latency_s));
  row.count("generated_tokens_total", m.generated_tokens_total);
  row.count("decode_steps", static_cast<std::int64_t>(m.decode_steps));
  const LoadBreakdown& load = r.facts.load;
  row.number("load_ms", ms(load.total_s()));
  row.number("load_prepare_ms", ms(load.prepare_s));
  row.number("load_compile_ms", ms(load.compile_s));
  row.number("load_model_ms", ms(load.model_s));
  row.number("load_tokenizer_ms", ms(load.tokenizer_s));
  row.number("load_other_ms", ms(load.other_s));
  placement_columns(row, r.facts.placement);
  row.count("peak_rss_bytes", as_count(r.facts.peak_rss_bytes));
  clock_column(row, r.context.clock);
  usage_columns(row, r.context.resources, {resources::UsagePhase::prefill, resources::UsagePhase::decode});
  row.number("joules_per_generated_token", rounded(r.context.resources.energy.joules_per_generated_token));
  row.number("tokens_per_joule", rounded(r.context.resources.energy.tokens_per_joule));
  roofline_columns(row, r.roofline);
  output_columns(row, r);
  // --cold only: a run either measures cold starts or not, so the rows of one run agree.
  if (r.cold) {
    row.count("cold_iterations", static_cast<std::int64_t>(r.cold->iterations));
    row.summary("cold_load", "ms", r.cold->load_s, ms);
    row.summary("cold_model", "ms", r.cold->model_s, ms);
    row.summary("cold_tokenizer", "ms", r.cold->tokenizer_s, ms);
    row.summary("cold_ttft", "ms", r.cold->ttft_s, ms);
    row.summary("cold_total", "ms", r.cold->total_s, ms);
    row.summary("cold_load_to_first_token", "ms", r.cold->load_to_first_token_s, ms);
  }
  // Served through GenAI's Engine only, as --cold: a run serves every combination or none. Its
  // ttft_, tpot_ and decode_step_ columns above are per request already.
  if (r.serving && c.serving) serving_columns(row, *r.serving, *c.serving);
  row.finish(table);
}

// The energy of the timed inferences; empty without a meter.
std::optional<double> run_joules(const resources::EnergyUsage& energy) {
  if (!energy.available) return std::nullopt;
  for (const resources::PhaseEnergy& p : energy.phases) {
    if (p.phase == resources::UsagePhase::run) return rate(p.joules);
  }
  return std::nullopt;
}

void onnx_row(const perf::OnnxPerfResult& r, const std::optional<perf::Shard>& shard, RowTable& table) {
  const perf::OnnxPerfConfig& c = r.config;
  const perf::OnnxMetrics& m = r.metrics;
  RowBuilder row;
  identity(row, r, "model", c.model, perf::AxisRuntime::onnx, [](const std::string&) {});
  row.count("iterations", static_cast<std::int64_t>(m.latency_s.count));
  row.count("warmup", static_cast<std::int64_t>(m.warmup_count));
  run_wide_columns(row, c.run);
  machine_columns(row, r.context.machine, shard);
  row.summary("latency", "ms", m.latency_s, ms);
  row.number("first_run_ms", ms(m.first_run_s));
  row.number("warmup_mean_ms", ms(m.warmup_mean_s));
  row.number("batches_per_s", rate(m.batches_per_s));
  row.number("samples_per_s", rate(m.samples_per_s));
  row.number("timed_wall_ms", ms(m.timed_wall_s));
  row.number("session_creation_ms", ms(r.facts.session_creation_s));
  row.number("input_preparation_ms", ms(r.facts.input_preparation_s));
  placement_columns(row, r.facts.placement);
  row.count("peak_rss_bytes", as_count(r.facts.peak_rss_bytes));
  clock_column(row, r.context.clock);
  usage_columns(row, r.context.resources, {resources::UsagePhase::run});
  row.number("run_joules", run_joules(r.context.resources.energy));
  row.finish(table);
}

}  // namespace

RowTable genai_rows(std::span<const perf::GenaiPerfResult> results, const std::optional<perf::Shard>& shard) {
  RowTable table{.kind = "genai", .columns = {}, .rows = {}};
  for (const auto& r : results) genai_row(r, shard, table);
  return table;
}

RowTable onnx_rows(std::span<const perf::OnnxPerfResult> results, const std::optional<perf::Shard>& shard) {
  RowTable table{.kind = "onnx", .columns = {}, .rows = {}};
  for (const auto& r : results) onnx_row(r, shard, table);
  return table;
}

}  // namespace winml::report
