#include "report/json_reporter.h"

#include "report/agreement_json.h"
#include "report/clock_report.h"
#include "report/json_fields.h"
#include "report/json_load.h"
#include "report/placement_report.h"
#include "report/profile_report.h"
#include "report/resources_json.h"
#include "report/result_rows.h"
#include "report/roofline_report.h"
#include "report/row_json.h"
#include "report/serving_json.h"

namespace winml::report {
namespace {

using json_fields::Json;
using json_fields::ms;
using json_fields::rate;

Json generation_sample(const perf::GenerationSample& s) {
  Json decode = Json::array();
  for (double d : s.decode_s) decode.push_back(ms(d));
  return {{"depth_fill_ms", ms(s.depth_fill_s)},   {"prefill_ms", ms(s.prefill_s)},
          {"first_token_ms", ms(s.first_token_s)}, {"decode_ms", decode},
          {"total_ms", ms(s.total_s())},           {"input_tokens", s.input_tokens},
          {"generated_tokens", s.generated_tokens}};
}

Json generation_samples(const std::vector<perf::GenerationSample>& samples) {
  Json out = Json::array();
  for (const auto& s : samples) out.push_back(generation_sample(s));
  return out;
}

// One entry per decode position: {step, context_tokens, count, mean, median, min, max, p.., stddev}.
Json decode_timeline(const std::vector<perf::DecodePosition>& timeline) {
  Json out = Json::array();
  for (const perf::DecodePosition& p : timeline) {
    Json entry = {{"step", p.step}, {"context_tokens", p.context_tokens}};
    const Json summary = json_fields::distribution_ms(p.latency_s);
    for (const auto& [key, value] : summary.items()) {
      entry[key] = value;
      if (key == "mean") entry["median"] = ms(p.latency_s.median);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

Json genai_config(const perf::GenaiPerfResult& r) {
  const perf::GenaiPerfConfig& c = r.config;
  Json config = {{"runtime", c.runtime},
                 {"bundle", c.bundle},
                 {"ep", c.ep},
                 {"device", c.device},
                 {"compile", c.compile},
                 {"compile_timeout_ms", ms(c.compile_timeout_s)},
                 {"cold", c.cold},
                 {"iterations", c.duration_s ? Json(nullptr) : Json(c.iterations)},
                 {"duration_ms", json_fields::ms_or_null(c.duration_s)},
                 {"warmup", c.warmup},
                 {"max_new_tokens", c.max_new_tokens},
                 {"max_new_tokens_effective", c.max_new_tokens_effective},
                 {"depth", c.depth},
                 {"max_length", c.max_length},
                 {"max_length_requested", c.max_length_requested ? Json(*c.max_length_requested) : Json(nullptr)},
                 {"stop_at_eos", c.stop_at_eos},
                 {"apply_template", c.apply_template},
                 {"prompt", c.prompt},
                 {"prompt_tokens", r.metrics.prompt_tokens},
                 {"generated_tokens",
                  {{"total", r.metrics.generated_tokens_total}, {"per_iteration", r.metrics.generated_tokens}}},
                 {"context_length", c.context_length}};
  json_fields::add_run_wide(config, c.run);
  // Only where it happened: absent means the bundle's tokenizer was used, as in older reports.
  if (!c.tokenizer) config["tokenizer"] = false;
  if (c.serving) config["serving"] = json_fields::serving_config(*c.serving);
  return config;
}

Json genai_metrics(const perf::GenaiPerfResult& r) {
  const perf::GenaiMetrics& m = r.metrics;
  const perf::WarmupMeans& w = r.warmup;
  return {{"iterations", m.iterations},
          {"ttft_ms", json_fields::summary_ms(m.ttft_s)},
          {"prefill_ms", json_fields::summary_ms(m.prefill_s)},
          {"depth_fill_ms", json_fields::summary_ms(m.depth_fill_s)},
          {"first_token_ms", json_fields::summary_ms(m.first_token_s)},
          {"tpot_ms", json_fields::summary_ms(m.tpot_s)},
          {"decode_step_ms", json_fields::summary_ms(m.decode_step_s)},
          {"total_ms", json_fields::summary_ms(m.total_s)},
          {"decode_tokens_per_s", rate(m.decode_tokens_per_s_aggregate)},
          {"decode_tokens_per_s_by_iteration", json_fields::summary_rate(m.decode_tokens_per_s)},
          {"prefill_tokens_per_s", rate(m.prefill_tokens_per_s_aggregate)},
          {"avg_token_latency_ms", ms(m.avg_token_latency_s)},
          {"decode_steps", m.decode_steps},
          {"decode_timeline", decode_timeline(m.decode_timeline)},
          {"load_ms", ms(r.facts.load.total_s())},
          {"load", json_fields::load_breakdown(r.facts.load)},
          {"cold", json_fields::cold_metrics(r.cold)},
          {"peak_rss_bytes", r.facts.peak_rss_bytes},
          {"roofline", roofline_json(r.roofline)},
          {"profile", profile_json(r.profile)},
          {"quality", json_fields::run_quality(r.context.quality)},
          {"warmup",
           {{"count", w.count},
            {"ttft_mean_ms", ms(w.ttft_s)},
            {"prefill_mean_ms", ms(w.prefill_s)},
            {"total_mean_ms", ms(w.total_s)},
            {"decode_tokens_per_s", rate(w.decode_tokens_per_s)}}}};
}

// One entry per cold start: the reload's breakdown and the first generation after it.
Json cold_samples(const std::vector<perf::ColdStart>& starts) {
  Json out = Json::array();
  for (const perf::ColdStart& s : starts) {
    out.push_back(
        {{"load", json_fields::load_breakdown(s.load)}, {"first", generation_sample(perf::to_sample(s.first))}});
  }
  return out;
}

Json preparation(const std::vector<StagePreparation>& stages) {
  Json out = Json::array();
  for (const StagePreparation& p : stages) {
    out.push_back({{"stage", p.stage},
                   {"ep", p.ep},
                   {"action", p.action},
                   {"duration_ms", ms(p.seconds)},
                   {"detail", p.detail},
                   {"compatibility", p.compatibility}});
  }
  return out;
}

// How the compile step ran: null when nothing was compiled.
Json compile_timing(const std::optional<CompileTiming>& timing) {
  if (!timing) return nullptr;
  return {{"jobs", timing->jobs},          {"jobs_source", timing->source},     {"limited_by", timing->limited_by},
          {"wall_ms", ms(timing->wall_s)}, {"stages_ms", ms(timing->stages_s)}, {"saved_ms", ms(timing->saved_s)}};
}

Json onnx_config(const perf::OnnxPerfConfig& c) {
  Json inputs = Json::array();
  for (const perf::OnnxInputFact& in : c.inputs) {
    inputs.push_back({{"name", in.name}, {"type", in.type}, {"shape", in.shape}, {"source", in.source}});
  }
  Json config = {{"runtime", c.runtime},
                 {"model", c.model},
                 {"ep", c.ep},
                 {"device", c.device},
                 {"batch_size", c.batch_size},
                 {"iterations", c.duration_s ? Json(nullptr) : Json(c.iterations)},
                 {"duration_ms", json_fields::ms_or_null(c.duration_s)},
                 {"warmup", c.warmup},
                 {"input_data", c.input_data.empty() ? Json(nullptr) : Json(c.input_data)},
                 {"inputs", inputs},
                 {"data_sets", c.data_sets}};
  json_fields::add_run_wide(config, c.run);
  return config;
}

Json optional_number(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

Json onnx_validation(const perf::OnnxValidation& v) {
  Json outputs = Json::array();
  for (const perf::OutputCheck& o : v.outputs) {
    outputs.push_back({{"data_set", o.data_set},
                       {"name", o.output},
                       {"type", o.type},
                       {"elements", o.elements},
                       {"mismatched", o.mismatched},
                       {"max_abs_error", o.max_abs_error},
                       {"max_rel_error", o.max_rel_error},
                       {"rtol", o.tolerance.rtol},
                       {"atol", o.tolerance.atol},
                       {"passed", o.passed()},
                       {"problem", o.problem.empty() ? Json(nullptr) : Json(o.problem)},
                       {"drawn_by", o.drawn_by.empty() ? Json(nullptr) : Json(o.drawn_by)}});
  }
  return {{"passed", v.passed()},
          {"rtol", optional_number(v.rtol)},
          {"atol", optional_number(v.atol)},
          {"outputs", outputs}};
}

Json onnx_metrics(const perf::OnnxPerfResult& r) {
  const perf::OnnxMetrics& m = r.metrics;
  const perf::OnnxRunFacts& f = r.facts;
  Json metrics = {{"iterations", m.latency_s.count},
                  {"session_creation_ms", ms(f.session_creation_s)},
                  {"load", json_fields::onnx_load(f)},
                  {"first_run_ms", ms(m.first_run_s)},
                  {"latency_ms", json_fields::summary_ms(m.latency_s)},
                  {"warmup", {{"count", m.warmup_count}, {"mean_ms", ms(m.warmup_mean_s)}}},
                  {"samples_per_s", rate(m.samples_per_s)},
                  {"batches_per_s", rate(m.batches_per_s)},
                  {"timed_wall_ms", ms(m.timed_wall_s)},
                  {"rss_before_load_bytes", f.rss_before_load_bytes},
                  {"rss_after_load_bytes", f.rss_after_load_bytes},
                  {"rss_after_runs_bytes", f.rss_after_runs_bytes},
                  {"peak_rss_bytes", f.peak_rss_bytes},
                  {"quality", json_fields::run_quality(r.context.quality)}};
  if (m.validation) metrics["validation"] = onnx_validation(*m.validation);
  if (r.profile) metrics["profile"] = profile_json(r.profile);
  return metrics;
}

Json ms_array(const std::vector<double>& seconds) {
  Json out = Json::array();
  for (double s : seconds) out.push_back(ms(s));
  return out;
}

// One entry per round: {round, iterations, ttft_mean_ms, ttft_median_ms, decode_tokens_per_s}.
Json genai_rounds(const std::vector<perf::GenaiRound>& rounds) {
  Json out = Json::array();
  for (const perf::GenaiRound& r : rounds) {
    out.push_back({{"round", r.round},
                   {"iterations", r.iterations},
                   {"ttft_mean_ms", ms(r.ttft_mean_s)},
                   {"ttft_median_ms", ms(r.ttft_median_s)},
                   {"decode_tokens_per_s", rate(r.decode_tokens_per_s)}});
  }
  return out;
}

// One entry per round: {round, iterations, latency_mean_ms, latency_median_ms}.
Json onnx_rounds(const std::vector<perf::OnnxRound>& rounds) {
  Json out = Json::array();
  for (const perf::OnnxRound& r : rounds) {
    out.push_back({{"round", r.round},
                   {"iterations", r.iterations},
                   {"latency_mean_ms", ms(r.latency_mean_s)},
                   {"latency_median_ms", ms(r.latency_median_s)}});
  }
  return out;
}

// One entry of "results": what a version 1 report held at its top level.
Json genai_result(const perf::GenaiPerfResult& result) {
  Json body;
  body["config"] = genai_config(result);
  body["machine"] = json_fields::machine(result.context.machine);
  body["metrics"] = genai_metrics(result);
  body["clock"] = clock_json(result.context.clock);
  body["rounds"] = genai_rounds(result.rounds);
  body["preparation"] = preparation(result.facts.preparation);
  if (result.output) body["output"] = json_fields::greedy_output(*result.output);
  if (result.agreement) body["agreement"] = json_fields::agreement(*result.agreement);
  body["compile"] = compile_timing(result.facts.compile);
  if (!result.facts.placement.empty()) body["placement"] = placement_json(result.facts.placement);
  body["samples"] = {{"timed", generation_samples(result.samples)},
                     {"warmup", generation_samples(result.warmup_samples)},
                     {"cold", cold_samples(result.facts.cold)}};
  if (result.context.resources.sampled)
    body["resources"] = json_fields::resources_object(result.context.resources, result.context.machine.logical_cores);
  if (result.serving) body["serving"] = json_fields::serving_figures(*result.serving);
  return body;
}

Json onnx_result(const perf::OnnxPerfResult& result) {
  Json body;
  body["config"] = onnx_config(result.config);
  body["machine"] = json_fields::machine(result.context.machine);
  body["metrics"] = onnx_metrics(result);
  body["clock"] = clock_json(result.context.clock);
  body["rounds"] = onnx_rounds(result.rounds);
  if (!result.facts.placement.empty()) body["placement"] = placement_json(result.facts.placement);
  body["samples"] = {{"first_run_ms", ms(result.samples.first_run_s)},
                     {"warmup_ms", ms_array(result.samples.warmup_s)},
                     {"timed_ms", ms_array(result.samples.timed_s)}};
  if (result.context.resources.sampled)
    body["resources"] = json_fields::resources_object(result.context.resources, result.context.machine.logical_cores);
  return body;
}

Json sweep_value(const perf::SweepValue& value) {
  return std::visit([](const auto& v) { return Json(v); }, value);
}

// {axes: [{name, values}], combinations, shard?}: the axes outermost first, as the run expanded them.
Json sweep(const perf::SweepFacts& facts) {
  Json axes = Json::array();
  for (const perf::SweepAxis& axis : facts.axes) {
    Json values = Json::array();
    for (const perf::SweepValue& v : axis.values) values.push_back(sweep_value(v));
    axes.push_back({{"name", axis.name}, {"values", values}});
  }
  Json out = {{"axes", axes}, {"combinations", facts.combinations}};
  if (facts.shard) out["shard"] = {{"index", facts.shard->index}, {"count", facts.shard->count}};
  return out;
}

// {combinations_planned, combinations_reported, combinations_cut_short}: how far a run Ctrl-C
// stopped got.
Json interruption(const perf::Interruption& stopped) {
  return {{"combinations_planned", stopped.combinations_planned},
          {"combinations_reported", stopped.combinations_reported},
          {"combinations_cut_short", stopped.combinations_cut_short}};
}

template <class Result>
Json document(const std::string& kind, const perf::PerfReport<Result>& report, Json (*body)(const Result&),
              RowTable (*rows)(std::span<const Result>, const std::optional<perf::Shard>&)) {
  Json doc = json_fields::header(kind);
  doc["sweep"] = sweep(report.sweep);
  if (report.interrupted) doc["interrupted"] = interruption(*report.interrupted);
  // Each result keeps its -f jsonl row: a report file gives its rows back without the run.
  const RowTable table = rows(report.results, report.sweep.shard);
  Json results = Json::array();
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    Json entry = body(report.results[i]);
    entry["row"] = row_object(table, i);
    results.push_back(std::move(entry));
  }
  doc["results"] = std::move(results);
  return doc;
}

}  // namespace

std::string JsonReporter::format(const perf::GenaiPerfReport& report) const {
  return json_fields::report_text(document("genai", report, genai_result, genai_rows));
}

std::string JsonReporter::format(const perf::OnnxPerfReport& report) const {
  return json_fields::report_text(document("onnx", report, onnx_result, onnx_rows));
}

}  // namespace winml::report
