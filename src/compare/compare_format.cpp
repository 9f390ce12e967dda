#include "compare/compare_format.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "compare/compare_match.h"
#include "report/agreement_json.h"
#include "report/json_fields.h"
#include "report/text_table.h"
#include "report/text_units.h"
#include "stats/confidence_interval.h"
#include "util/printable.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;

// How the numbers were made. A comparison of setups (devices, thread counts) shows ratios, one of
// a single setup changes; the line names what the tables show.
std::string method_line(const Comparison& comparison) {
  bool setups = false, runs = false;
  for (const ReportComparison& report : comparison.reports) (report.compared.empty() ? runs : setups) = true;
  std::string shown;
  if (runs) shown = "change = new mean / base mean - 1";
  if (setups) shown += std::string(runs ? "; comparing setups, " : "") + "ratio = new mean / base mean";
  return fmt::format(
      "perf compare: Welch's t-test on the raw samples (two-sided, 95 %); {}, with Fieller's 95 % "
      "interval\n",
      shown);
}

// A metric's value in its unit; times in the unit the base mean reads best in, so a row's two
// values share it.
std::string value_text(const CompareMetric& metric, double value, double base_value) {
  switch (metric.unit) {
    case MetricUnit::milliseconds:
      return report::text::duration(value / 1e3, report::text::pick_time_unit(base_value / 1e3));
    case MetricUnit::tokens_per_second:
      return report::text::rate(value, "tok/s");
    case MetricUnit::bytes:
      return report::text::bytes(static_cast<std::uint64_t>(std::llround(value)));
  }
  return "";
}

std::string percent(double value) { return fmt::format("{:+.1f} %", value); }

std::string p_text(double p) { return p < 0.001 ? "p < 0.001" : fmt::format("p = {:.3f}", p); }

std::string interval_text(const MetricComparison& m) {
  if (!m.test) return "n/a";
  if (!m.test->ratio_low) return "unbounded";
  return fmt::format("[{}, {}]", percent(100 * (*m.test->ratio_low - 1)), percent(100 * (*m.test->ratio_high - 1)));
}

std::string verdict_text(const MetricComparison& m) {
  const std::string name = verdict_name(m.verdict);
  return m.test ? fmt::format("{} ({})", name, p_text(m.test->p)) : name;
}

// A ratio of means as a multiple: "1.20×"; three decimals below 0.1 (a device 30 times faster).
std::string ratio_text(double ratio) {
  return ratio >= 0.1 ? fmt::format("{:.2f}×", ratio) : fmt::format("{:.3f}×", ratio);
}

std::string ratio_interval_text(const MetricComparison& m) {
  if (!m.test) return "n/a";
  if (!m.test->ratio_low) return "unbounded";
  return fmt::format("[{}, {}]", ratio_text(*m.test->ratio_low), ratio_text(*m.test->ratio_high));
}

// One metric per line: both values, the sample counts, the change (or, comparing setups, the
// ratio: how many times the base's value) with its interval, and the verdict. Comparing setups,
// the value columns are headed by what each side is ("ep=cpu", "ep=winmltestep").
std::string row_table(const RowComparison& row, const ReportComparison& report, const report::text::Style& style) {
  const bool setups = !report.compared.empty();
  report::text::Table table({"METRIC", setups ? printable(report.base_label) : "BASE",
                             setups ? printable(report.new_label) : "NEW", "N", setups ? "RATIO" : "CHANGE", "95 % CI",
                             "VERDICT"});
  table.align_left(6);
  for (const MetricComparison& m : row.metrics) {
    const auto change = m.change_percent();
    const auto ratio = m.ratio();
    const char* tone = m.verdict == Verdict::slower ? style.bad : m.verdict == Verdict::faster ? style.good : "";
    const std::string amount = setups ? (ratio ? ratio_text(*ratio) : "-") : (change ? percent(*change) : "-");
    table.add_row({m.metric.label + (m.metric.primary ? " *" : ""),
                   m.base.count > 0 ? value_text(m.metric, m.base.mean, m.base.mean) : "-",
                   m.next.count > 0 ? value_text(m.metric, m.next.mean, m.base.mean) : "-",
                   fmt::format("{}/{}", m.base.count, m.next.count), amount,
                   setups ? ratio_interval_text(m) : interval_text(m), verdict_text(m)},
                  {"", "", "", "", tone, tone, tone});
  }
  return table.render(style, 4);
}

std::string gate_lines(const std::vector<Regression>& metrics, bool unjudged_metrics) {
  std::string out;
  for (const Regression& r : metrics) out += "  " + gate_finding_text(r, unjudged_metrics) + "\n";
  return out;
}

std::string gate_text(const GateVerdict& gate, const report::text::Style& style) {
  const double limit = gate.limit_percent;
  const std::vector<Regression>& found = gate.regressions;
  const std::vector<Regression>& open = gate.not_evaluated;
  if (found.empty() && open.empty()) {
    return fmt::format("gate: no primary metric is significantly slower by more than {:g} % (--fail-if-slower)\n",
                       limit);
  }
  std::string out;
  if (!found.empty()) {
    out += fmt::format(
        "{}gate: {} primary metric{} significantly slower by more than {:g} % "
        "(--fail-if-slower; exit code 4){}\n",
        style.bad, found.size(), found.size() == 1 ? " is" : "s are", limit, style.reset);
    out += gate_lines(found, false);
  }
  if (!open.empty()) {
    out += fmt::format("{}gate: {}: {} primary metric{} no test{}{}\n", style.bad,
                       found.empty() ? "could not be evaluated" : "also not evaluated", open.size(),
                       open.size() == 1 ? " has" : "s have", found.empty() ? " (--fail-if-slower; exit code 5)" : "",
                       style.reset);
    out += gate_lines(open, true);
  }
  return out;
}

// "  op types that changed most, per step:" and one line per change; nothing without profiles.
std::string op_types_text(const std::vector<OpTypeChange>& changes) {
  if (changes.empty()) return "";
  std::string out = "  op types that changed most (--profile, node time per step):\n";
  for (const OpTypeChange& c : changes) {
    const auto percent = c.change_percent();
    out += fmt::format("    {} {}: {:.3f} ms -> {:.3f} ms ({:+.3f} ms{})\n", printable(c.phase), printable(c.op_type),
                       c.base_ms, c.new_ms, c.change_ms(), percent ? fmt::format(", {:+.1f} %", *percent) : "");
  }
  return out;
}

// "  comparing devices: ep cpu → winmltestep; everything else the same": the question the
// comparison answers, and whether anything else differs (the `differs:` lines list it).
std::string compared_line(const ReportComparison& report) {
  std::vector<std::string> changes;
  for (const SettingChange& change : report.compared) changes.push_back(printable(setting_change_text(change)));
  const bool alone = report.settings.empty() && report.incompatible.empty();
  return fmt::format("  comparing {}: {}{}\n", compared_subject(report.compared), fmt::join(changes, ", "),
                     alone ? "; everything else the same" : "");
}

// Every string here came from a report or the command line: each is made printable, on its line.
std::string report_text(const ReportComparison& report, const report::text::Style& style) {
  const std::string base = printable(report.base_source);
  const std::string next = printable(report.new_source);
  std::string out = fmt::format("{}{} against {}{}\n", style.bold, next, base, style.reset);
  if (!report.compared.empty()) out += compared_line(report);
  if (!report.keys.empty()) out += fmt::format("  results matched on: {}\n", fmt::join(report.keys, ", "));
  for (const std::string& setting : report.settings) out += fmt::format("  differs: {}\n", printable(setting));
  for (const std::string& difference : report.incompatible) {
    out += fmt::format("  {}not comparable (--force): {}{}\n", style.warn, printable(difference), style.reset);
  }
  for (const RowComparison& row : report.rows) {
    out += "\n";
    if (!row.identity.empty()) {
      out += fmt::format("  {}{}{}\n", style.label, printable(identity_label(row.identity)), style.reset);
    }
    out += row_table(row, report, style);
    out += op_types_text(row.op_types);
    if (row.agreement) {
      const bool parted = row.agreement->status == perf::AgreementStatus::diverged;
      out += fmt::format("    greedy ids: {}{}{}\n", parted ? style.bad : "", perf::agreement_text(*row.agreement),
                         parted ? style.reset : "");
    }
  }
  if (!report.only_in_base.empty() || !report.only_in_new.empty()) out += "\n";
  for (const Json& identity : report.only_in_base) {
    out += fmt::format("  only in {}: {}\n", base, printable(identity_label(identity)));
  }
  for (const Json& identity : report.only_in_new) {
    out += fmt::format("  only in {}: {}\n", next, printable(identity_label(identity)));
  }
  return out;
}

const char* unit_name(MetricUnit unit) {
  switch (unit) {
    case MetricUnit::milliseconds:
      return "ms";
    case MetricUnit::tokens_per_second:
      return "tokens/s";
    case MetricUnit::bytes:
      return "bytes";
  }
  return "";
}

// A number rounded to 1e-6, as the perf report rounds; null when absent or not finite.
Json number(const std::optional<double>& value) {
  if (!value || !std::isfinite(*value)) return nullptr;
  return report::json_fields::rate(*value);
}

Json side_json(const perf::SampleMoments& m) {
  return {{"count", m.count},
          {"mean", number(m.count > 0 ? std::optional(m.mean) : std::nullopt)},
          {"stddev", number(m.count > 1 ? std::optional(std::sqrt(m.variance)) : std::nullopt)}};
}

Json metric_json(const MetricComparison& m) {
  const auto& test = m.test;
  Json interval = nullptr;
  if (test && test->ratio_low) {
    interval = {{"low", number(100 * (*test->ratio_low - 1))}, {"high", number(100 * (*test->ratio_high - 1))}};
  }
  Json ratio_interval = nullptr;
  if (test && test->ratio_low)
    ratio_interval = {{"low", number(*test->ratio_low)}, {"high", number(*test->ratio_high)}};
  return {{"metric", m.metric.key},
          {"label", m.metric.label},
          {"unit", unit_name(m.metric.unit)},
          {"better", m.metric.better == Better::lower ? "lower" : "higher"},
          {"primary", m.metric.primary},
          {"base", side_json(m.base)},
          {"new", side_json(m.next)},
          {"change_percent", number(m.change_percent())},
          {"ci_percent", std::move(interval)},
          {"ratio", number(m.ratio())},
          {"ci_ratio", std::move(ratio_interval)},
          {"t", number(test ? std::optional(test->t) : std::nullopt)},
          {"df", number(test ? std::optional(test->df) : std::nullopt)},
          // Not rounded: a p-value far below 1e-6 is still not 0.
          {"p", test ? Json(test->p) : Json(nullptr)},
          {"verdict", verdict_code(m.verdict)}};
}

Json report_json(const ReportComparison& report) {
  Json rows = Json::array();
  for (const RowComparison& row : report.rows) {
    Json metrics = Json::array();
    for (const MetricComparison& m : row.metrics) metrics.push_back(metric_json(m));
    Json entry = {{"identity", row.identity}, {"metrics", std::move(metrics)}};
    if (!row.op_types.empty()) {
      Json ops = Json::array();
      for (const OpTypeChange& c : row.op_types) {
        const auto percent = c.change_percent();
        ops.push_back({{"phase", c.phase},
                       {"op_type", c.op_type},
                       {"base_ms", c.base_ms},
                       {"new_ms", c.new_ms},
                       {"change_ms", c.change_ms()},
                       {"change_percent", percent ? Json(*percent) : Json(nullptr)}});
      }
      entry["op_types"] = std::move(ops);
    }
    if (row.agreement) entry["agreement"] = report::json_fields::agreement(*row.agreement, false);
    rows.push_back(std::move(entry));
  }
  Json compared = Json::array();
  for (const SettingChange& change : report.compared) {
    compared.push_back({{"setting", change.name}, {"base", change.base}, {"new", change.next}});
  }
  return {{"new", report.new_source},
          {"compared", std::move(compared)},
          {"labels", {{"base", report.base_label}, {"new", report.new_label}}},
          {"matched_on", report.keys},
          {"incompatible", report.incompatible},
          {"settings_differ", report.settings},
          {"rows", std::move(rows)},
          {"only_in_base", report.only_in_base},
          {"only_in_new", report.only_in_new}};
}

Json gate_json(const std::optional<GateVerdict>& gate) {
  if (!gate) return nullptr;
  Json found = Json::array();
  for (const Regression& r : gate->regressions) {
    found.push_back({{"new", r.new_source},
                     {"row", r.row},
                     {"metric", r.metric->metric.key},
                     {"slower_percent", number(r.metric->slower_percent())}});
  }
  Json open = Json::array();
  for (const Regression& r : gate->not_evaluated) {
    open.push_back({{"new", r.new_source},
                    {"row", r.row},
                    {"metric", r.metric->metric.key},
                    {"base_count", r.metric->base.count},
                    {"new_count", r.metric->next.count},
                    {"reason", unjudged_reason(*r.metric)}});
  }
  return {{"fail_if_slower_percent", gate->limit_percent},
          {"passed", gate->outcome() == GateOutcome::passed},
          {"evaluated", gate->outcome() != GateOutcome::not_evaluated},
          {"regressions", std::move(found)},
          {"not_evaluated", std::move(open)}};
}

}  // namespace

std::string compare_text(const Comparison& comparison, const std::optional<GateVerdict>& gate, bool color) {
  const report::text::Style style = report::text::Style::make(color);
  std::string out = method_line(comparison);
  for (const ReportComparison& report : comparison.reports) out += "\n" + report_text(report, style);
  out += "\n* primary metric (what --fail-if-slower gates on)\n";
  if (gate) out += gate_text(*gate, style);
  return out;
}

std::string compare_json(const Comparison& comparison, const std::optional<GateVerdict>& gate) {
  Json reports = Json::array();
  for (const ReportComparison& report : comparison.reports) reports.push_back(report_json(report));
  const Json doc = {{"schema_version", kCompareSchemaVersion},
                    {"kind", comparison.kind},
                    {"method",
                     {{"test", "Welch's t-test (unequal variances, Welch-Satterthwaite degrees of freedom), two-sided"},
                      {"confidence", perf::kConfidenceLevel},
                      {"change", "new mean / base mean - 1, in percent"},
                      {"ratio", "new mean / base mean"},
                      {"interval",
                       "Fieller's interval of new mean / base mean at the test's degrees of freedom (ci_ratio; "
                       "ci_percent is it as a change)"}}},
                    {"base", comparison.reports.empty() ? std::string() : comparison.reports.front().base_source},
                    {"comparisons", std::move(reports)},
                    {"gate", gate_json(gate)}};
  return report::json_fields::document_text(doc);
}

}  // namespace winml::compare
