#include "report/json_fields.h"

#include <cmath>

#include "stats/percentile_list.h"

#include "report/json_layout.h"
#include "report/json_reporter.h"
#include "util/printable.h"

namespace winml::report::json_fields {

double ms(double seconds) { return std::round(seconds * 1e9) / 1e6; }

double rate(double per_second) { return std::round(per_second * 1e6) / 1e6; }

Json ms_or_null(const std::optional<double>& seconds) { return seconds ? Json(ms(*seconds)) : Json(nullptr); }

namespace {

Json distribution(const perf::Summary& s, double (*convert)(double)) {
  Json out = {{"count", s.count}, {"mean", convert(s.mean)}, {"min", convert(s.min)}, {"max", convert(s.max)}};
  for (const perf::PercentileValue& v : s.percentiles) out[perf::percentile_key(v.p)] = convert(v.value);
  out["stddev"] = convert(s.stddev);
  return out;
}

Json interval(const std::optional<perf::Interval>& i, double (*convert)(double), bool with_coverage) {
  if (!i) return nullptr;
  Json out = {{"low", convert(i->low)}, {"high", convert(i->high)}};
  if (with_coverage) {
    out["coverage"] = rate(i->coverage);
  } else {
    out["clipped"] = i->clipped;  // a t interval: its low end may have been cut at 0
  }
  return out;
}

// The distribution plus its uncertainty (docs/metrics.md, "Uncertainty" and "Outliers").
Json summary(const perf::Summary& s, double (*convert)(double)) {
  Json out = distribution(s, convert);
  out["cv"] = rate(s.cv);
  out["mean_ci95"] = interval(s.mean_ci, convert, false);
  out["median_ci95"] = interval(s.median_ci, convert, true);
  out["outliers"] = {{"count", s.outliers.size()}, {"indices", s.outliers}};
  return out;
}

}  // namespace

Json summary_ms(const perf::Summary& s) { return summary(s, ms); }

Json summary_rate(const perf::Summary& s) { return summary(s, rate); }

Json distribution_ms(const perf::Summary& s) { return distribution(s, ms); }

namespace {

Json target_ci(const std::optional<perf::TargetCiOutcome>& t) {
  if (!t) return nullptr;
  return {{"metric", t->metric},
          {"pct", t->pct},
          {"met", t->met},
          {"half_width_pct", t->half_width_pct ? Json(rate(*t->half_width_pct)) : Json(nullptr)},
          {"iterations", t->iterations},
          {"stopped_by", perf::to_string(t->stopped_by)}};
}

}  // namespace

Json run_quality(const perf::RunQuality& q) {
  Json warmup = Json::array();
  for (const perf::WarmupVerdict& v : q.warmup) {
    warmup.push_back({{"metric", v.metric}, {"checked", v.checked}, {"leading_iterations_apart", v.leading_apart}});
  }
  Json high_cv = Json::array();
  for (const perf::HighVariation& h : q.high_cv) high_cv.push_back(h.metric);
  return {{"cv_threshold", q.cv_threshold},
          {"high_cv", high_cv},
          {"warmup_check", warmup},
          {"suggested_warmup", q.suggested_warmup > 0 ? Json(q.suggested_warmup) : Json(nullptr)},
          {"warnings", q.warnings},
          {"target_ci", target_ci(q.target_ci)}};
}

Json power(const platform::PowerState& p) {
  return {{"source", std::string(platform::power_source_name(p.source))},
          {"battery_percent", p.battery_percent ? Json(rate(*p.battery_percent)) : Json(nullptr)},
          {"mode", p.mode.empty() ? Json(nullptr) : Json(p.mode)}};
}

Json machine(const perf::MachineInfo& m) {
  return {{"cpu_model", m.cpu_model},
          {"logical_cores", m.logical_cores},
          {"physical_cores", m.physical_cores},
          {"memory_total_bytes", m.memory_total_bytes},
          {"os", m.os},
          {"kernel", m.kernel},
          {"arch", m.arch},
          {"host_name", m.host_name},
          {"onnxruntime_version", m.onnxruntime_version},
          {"genai_version", m.genai_version},
          {"winml_version", m.winml_version},
          {"winml_commit", m.winml_commit},
          {"build_type", m.build_type},
          {"power", power(m.power)}};
}

Json threads(const perf::ThreadsInEffect& t) {
  Json stages = Json::array();
  for (const auto& s : t.stages) {
    stages.push_back({{"stage", s.stage}, {"intra_op_threads", s.intra_op_threads}, {"source", s.source}});
  }
  return {{"requested", t.requested ? Json(*t.requested) : Json(nullptr)},
          {"source", t.source},
          {"intra_op_threads", t.intra_op_threads ? Json(*t.intra_op_threads) : Json(nullptr)},
          {"stages", stages},
          {"runtime_default", {{"intra_op_threads", t.runtime_default}, {"rule", t.runtime_default_rule}}},
          {"logical_cores", t.logical_cores},
          {"physical_cores", t.physical_cores}};
}

void add_run_wide(Json& config, const perf::RunWide& run) {
  config["threads"] = threads(run.threads);
  config["percentiles"] = run.percentiles;
  config["rounds"] = run.rounds;
  config["delay_ms"] = ms(run.delay_s);
  config["timestamp"] = run.timestamp;
}

Json methods() {
  return {{"percentile", std::string(perf::kPercentileMethod)},
          {"stddev", std::string(perf::kStddevMethod)},
          {"confidence_interval", std::string(perf::kConfidenceIntervalMethod)},
          {"outliers", std::string(perf::kOutlierMethod)},
          {"warmup", "warmup iterations are excluded from every statistic and reported apart"}};
}

Json header(const std::string& kind) {
  return {{"schema_version", kSchemaVersion}, {"kind", kind}, {"methods", methods()}};
}

// C1 controls and bidi overrides, which JSON lets through raw, as \u escapes: the same document,
// safe on the terminal -f json prints it to.
std::string document_text(const Json& doc) {
  return printable_json(doc.dump(2, ' ', false, Json::error_handler_t::replace)) + "\n";
}

std::string report_text(const Json& doc) { return printable_json(laid_out_json(doc)) + "\n"; }

std::string quoted_value(const Json& value, std::size_t longest) {
  std::string text = value.dump(-1, ' ', /*ensure_ascii=*/true, Json::error_handler_t::replace);
  return text.size() > longest ? text.substr(0, longest) + "..." : text;
}

}  // namespace winml::report::json_fields
