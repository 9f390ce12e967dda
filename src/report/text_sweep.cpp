#include "report/text_sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>

#include "perf/sweep_axes.h"
#include "report/agreement_text.h"
#include "report/clock_report.h"
#include "report/roofline_report.h"
#include "report/serving_text.h"
#include "report/text_sections.h"
#include "report/text_units.h"
#include "report/threads_text.h"
#include "util/plural.h"

namespace winml::report::text {
namespace {

// "12.35 ± 0.40": a mean and the half-width of its 95 % interval in a fixed unit (the interval, not
// the stddev, so that two rows whose intervals do not overlap can be told apart at a glance),
// "12.35 [≥0, 52.45]" for an interval cut at 0 (no lower bound from the data); the mean alone from
// one sample, which has no interval; "-" without samples.
std::string mean_pm(const perf::Summary& s, double scale) {
  if (s.count == 0) return "-";
  if (!s.mean_ci) return fmt::format("{:.2f}", s.mean * scale);
  if (s.mean_ci->clipped) return fmt::format("{:.2f} [≥0, {:.2f}]", s.mean * scale, s.mean_ci->high * scale);
  const double below = (s.mean - s.mean_ci->low) * scale, above = (s.mean_ci->high - s.mean) * scale;
  const auto reach = perf::relative_reach(s.mean_ci, s.mean);
  if (reach && !reach->symmetric()) return fmt::format("{:.2f} -{:.2f}/+{:.2f}", s.mean * scale, below, above);
  return fmt::format("{:.2f} ± {:.2f}", s.mean * scale, above);
}

// The line above a sweep table that says what its cells hold.
std::string cells_explained(const std::string& iterations) {
  return fmt::format(
      "  mean ± half-width of its 95 % confidence interval (Student t) over the timed {} of each "
      "combination; [≥0, x]: the interval reached below 0 and was cut there (no lower bound)\n",
      iterations);
}

// The columns of the settings: the swept axes, or, for a list of results without axes (e.g. a
// merged report), the runtime's settings that identify a combination.
std::vector<std::string> axis_names(const perf::SweepFacts& sweep, perf::AxisRuntime runtime) {
  std::vector<std::string> names;
  for (const perf::SweepAxis& axis : sweep.axes) names.push_back(axis.name);
  if (!names.empty()) return names;
  for (const perf::SweepAxisSpec& axis : perf::sweep_axis_specs()) {
    if (axis.default_column && (axis.runtime == perf::AxisRuntime::both || axis.runtime == runtime)) {
      names.push_back(axis.name);
    }
  }
  return names;
}

// A setting's cell: the value the result ran with; "-" when unknown, or for an axis of the other runtime.
template <class Result>
std::string axis_cell(const Result& r, const std::string& axis) {
  const perf::SweepAxisSpec* spec = perf::find_sweep_axis(axis);
  const std::optional<perf::SweepValue> value = spec != nullptr ? perf::in_effect(*spec, r) : std::nullopt;
  return value ? perf::sweep_value_text(*value) : "-";
}

// A row of the preamble: its label and its text.
using PreambleRow = std::vector<std::string>;

// Title, build warning, the loop every combination runs (one row, or one per combination where
// they differ), and the machine.
template <class Result>
std::string preamble(const perf::PerfReport<Result>& report, const std::string& model_label, const std::string& model,
                     const std::vector<PreambleRow>& loop, const Style& style) {
  const Result& first = report.results.front();
  const std::string shard = report.sweep.shard ? fmt::format(" · shard {} of {}", perf::to_string(*report.sweep.shard),
                                                             count_of(report.sweep.combinations, "combination"))
                                               : std::string();
  std::string out = fmt::format("{}winml perf · {} · sweep of {}{}{}\n", style.bold, first.config.runtime,
                                count_of(report.results.size(), "combination"), shard, style.reset);
  out += build_warning(first.context.machine, style);
  Table t({}, false);
  t.add_row({model_label, model});
  for (const PreambleRow& row : loop) t.add_row(row);
  add_machine_rows(t, first.context.machine);
  return out + t.render(style, 2) + "\n";
}

// The loop of a sweep whose combinations all run the same one.
std::vector<PreambleRow> same_loop(std::string text) { return {{"each combination", std::move(text)}}; }

template <class Result>
std::string loop_text(const Result& r, const char* noun) {
  const auto& c = r.config;
  const std::string timed = c.duration_s ? fmt::format("{:g} s budget", *c.duration_s) : count_of(c.iterations, noun);
  return fmt::format("{} · {} warmup{}", timed, c.warmup, rounds_text(c.run));
}

// A metric column of a sweep table: its --columns name, its header, and whether the default shows it.
struct SweepColumn {
  std::string name;
  std::string header;
  bool in_default = true;
};

std::vector<std::string> headers_of(const std::vector<SweepColumn>& columns) {
  std::vector<std::string> headers;
  for (const SweepColumn& c : columns) headers.push_back(c.header);
  return headers;
}

// Keeps the settings and the metric columns --columns chose (report/columns.h).
void choose_sweep_columns(Table& t, std::size_t axes, const std::vector<SweepColumn>& metrics,
                          const ColumnChoice& choice) {
  std::vector<std::string> names(axes);
  std::vector<bool> in_default(axes, true), fixed(axes, true);
  for (const SweepColumn& c : metrics) {
    names.push_back(c.name);
    in_default.push_back(c.in_default);
    fixed.push_back(false);
  }
  t.keep_columns(chosen_columns(choice, names, in_default, fixed, "sweep table"));
}

bool shows(const Table& t, const std::string& header) {
  return std::find(t.header().begin(), t.header().end(), header) != t.header().end();
}

template <class Result>
Table sweep_table(const perf::PerfReport<Result>& report, const std::vector<std::string>& axes,
                  std::vector<std::string> metric_header,
                  const std::function<std::vector<std::string>(const Result&)>& metric_cells) {
  std::vector<std::string> header;
  header.reserve(axes.size() + metric_header.size());
  for (const std::string& axis : axes) header.push_back(perf::axis_label(axis));
  header.insert(header.end(), metric_header.begin(), metric_header.end());
  Table t(header);
  for (const Result& r : report.results) {
    std::vector<std::string> row;
    row.reserve(axes.size() + metric_header.size());
    for (const std::string& axis : axes) row.push_back(axis_cell(r, axis));
    const std::vector<std::string> metrics = metric_cells(r);
    row.insert(row.end(), metrics.begin(), metrics.end());
    t.add_row(std::move(row));
  }
  return t;
}

// Prompt tokens per second of each timed iteration (the report's aggregate pools them instead).
perf::Summary prefill_rates(const perf::GenaiPerfResult& r) {
  std::vector<double> rates;
  for (const perf::GenerationSample& s : r.samples) {
    if (s.prefill_s > 0) rates.push_back(s.input_tokens / s.prefill_s);
  }
  return perf::summarize(std::move(rates), {50});
}

std::string clock_footnote() {
  return fmt::format(
      "  CPU clock: throttled when the mean core clock fell more than {:.0f} % during a run (any round); unknown "
      "where the system does not report it\n",
      perf::kThrottleDropPercent);
}

// Whether some result was checked against another (a sweep over EP, device or threads): only then
// do the agreement columns say anything.
bool any_checked(const perf::GenaiPerfReport& report) {
  return std::any_of(report.results.begin(), report.results.end(), [](const perf::GenaiPerfResult& r) {
    return r.agreement && r.agreement->status != perf::AgreementStatus::reference;
  });
}

// A combination's name from the settings its row shows, as the progress lines name it: "conc=4".
std::string combination_label(const perf::GenaiPerfResult& r, const std::vector<std::string>& axes) {
  std::string out;
  for (const std::string& axis : axes) {
    if (!out.empty()) out += ' ';
    out += perf::axis_label(axis) + "=" + axis_cell(r, axis);
  }
  return out;
}

// What each combination served: the concurrency, conversation count and warmup follow the swept
// load (--concurrency 1,8 serves 10 conversations at 1 and 32 at 8), so one line for all would
// state the first combination's as everyone's; one line per combination where they differ.
std::vector<PreambleRow> serving_loops(const perf::GenaiPerfReport& report, const std::vector<std::string>& axes) {
  std::vector<std::string> texts;
  for (const perf::GenaiPerfResult& r : report.results) {
    texts.push_back(r.config.serving ? serving_config_text(*r.config.serving) : loop_text(r, "run"));
  }
  if (std::all_of(texts.begin(), texts.end(), [&](const std::string& t) { return t == texts.front(); })) {
    return same_loop(texts.front());
  }
  std::vector<PreambleRow> rows;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string label = combination_label(report.results[i], axes);
    rows.push_back({label.empty() ? fmt::format("combination {}", i + 1) : label, texts[i]});
  }
  return rows;
}

// A sweep through GenAI's Engine: one row per load, llama-bench style, with what a serving
// benchmark reports (throughput against latency).
std::string serving_sweep_text(const perf::GenaiPerfReport& report, const Style& style) {
  const perf::GenaiPerfResult& first = report.results.front();
  const auto axes = axis_names(report.sweep, perf::AxisRuntime::genai);
  std::string out = preamble(report, "bundle", first.config.bundle, serving_loops(report, axes), style);
  const bool goodput = std::any_of(report.results.begin(), report.results.end(), [](const perf::GenaiPerfResult& r) {
    return r.serving && r.serving->summary.goodput;
  });
  const Table t = sweep_table<perf::GenaiPerfResult>(
      report, axes, serving_sweep_header(goodput),
      [goodput](const perf::GenaiPerfResult& r) { return serving_sweep_cells(r, goodput); });
  out += "  per combination, requests served through GenAI's Engine\n" + t.render(style, 2);
  out += fmt::format(
      "  TTFT tail: the highest --percentiles value; TPOT: mean per request; batch: tokens per engine step that "
      "produced any; kept up: whether an open loop completed at least {:.0f} % of the offered rate\n"
      "  every statistic (stddev, cv, intervals, outliers, per turn) is in the report (-f json)\n",
      100 * perf::kSustainedShare);
  if (goodput) out += "  goodput: the share of requests that met every --slo objective\n";
  return out;
}

}  // namespace

std::string genai_sweep_text(const perf::GenaiPerfReport& report, const Style& style, const ColumnChoice& columns) {
  const perf::GenaiPerfResult& first = report.results.front();
  if (std::any_of(report.results.begin(), report.results.end(),
                  [](const perf::GenaiPerfResult& r) { return r.serving.has_value(); })) {
    return serving_sweep_text(report, style);
  }
  std::string out = preamble(report, "bundle", first.config.bundle, same_loop(loop_text(first, "iteration")), style);
  const auto axes = axis_names(report.sweep, perf::AxisRuntime::genai);
  const bool checked = any_checked(report);
  std::vector<SweepColumn> metrics = {{"ttft", "TTFT ms"},
                                      {"tpot", "TPOT ms"},
                                      {"decode", "decode tok/s"},
                                      {"prefill", "prefill tok/s", false},
                                      {"decode_gbps", "decode GB/s", false},
                                      {"clock", "CPU clock", false},
                                      {"peak_rss", "peak RSS"}};
  if (checked) metrics.insert(metrics.end(), {{"greedy", "greedy ids"}, {"step1_diff", "step-1 Δ", false}});
  Table t = sweep_table<perf::GenaiPerfResult>(
      report, axes, headers_of(metrics), [checked](const perf::GenaiPerfResult& r) -> std::vector<std::string> {
        std::vector<std::string> cells = {
            mean_pm(r.metrics.ttft_s, 1e3), mean_pm(r.metrics.tpot_s, 1e3),   mean_pm(r.metrics.decode_tokens_per_s, 1),
            mean_pm(prefill_rates(r), 1),   roofline_decode_cell(r.roofline), clock_cell(r.context.clock),
            bytes(r.facts.peak_rss_bytes)};
        if (checked) {
          cells.push_back(r.agreement ? agreement_cell(*r.agreement) : "-");
          cells.push_back(r.agreement ? logit_diff_cell(*r.agreement) : "-");
        }
        return cells;
      });
  choose_sweep_columns(t, axes.size(), metrics, columns);
  out += cells_explained("iterations") + t.render(style, 2);
  out +=
      "  every statistic (stddev, cv, intervals, outliers) is in the report (-f json); --columns all shows every "
      "column of this table\n";
  if (shows(t, "decode GB/s")) {
    out +=
        "  decode GB/s: bytes a decode step reads / the mean step, and its share of the read bandwidth probed "
        "around the combination\n";
  }
  if (shows(t, "CPU clock")) out += clock_footnote();
  if (shows(t, "greedy ids")) {
    out += fmt::format(
        "  greedy ids: each row's generated ids against the first row with the same prompt and lengths (the first {} "
        "ids and a digest of all)\n",
        perf::kKeptOutputIds);
  }
  if (shows(t, "step-1 Δ")) {
    out += fmt::format("  step-1 Δ: the largest logit difference of the first token's top {} candidates\n",
                       perf::kFirstStepCandidates);
  }
  return out;
}

std::string onnx_sweep_text(const perf::OnnxPerfReport& report, const Style& style, const ColumnChoice& columns) {
  const perf::OnnxPerfResult& first = report.results.front();
  std::string out = preamble(report, "model", first.config.model, same_loop(loop_text(first, "run")), style);
  const auto axes = axis_names(report.sweep, perf::AxisRuntime::onnx);
  const std::vector<SweepColumn> metrics = {{"latency", "latency ms"},
                                            {"p90", "p90 ms"},
                                            {"samples_per_s", "samples/s"},
                                            {"clock", "CPU clock", false},
                                            {"peak_rss", "peak RSS"}};
  Table t = sweep_table<perf::OnnxPerfResult>(
      report, axes, headers_of(metrics), [](const perf::OnnxPerfResult& r) -> std::vector<std::string> {
        const perf::Summary& l = r.metrics.latency_s;
        const double p90 = l.count == 0 ? 0 : perf::percentile(r.samples.timed_s, 90);
        return {mean_pm(l, 1e3), l.count == 0 ? "-" : fmt::format("{:.2f}", p90 * 1e3),
                fmt::format("{:.1f}", r.metrics.samples_per_s), clock_cell(r.context.clock),
                bytes(r.facts.peak_rss_bytes)};
      });
  choose_sweep_columns(t, axes.size(), metrics, columns);
  out += cells_explained("runs") + t.render(style, 2);
  out +=
      "  every statistic (stddev, cv, intervals, outliers) is in the report (-f json); --columns all shows every "
      "column of this table\n";
  return shows(t, "CPU clock") ? out + clock_footnote() : out;
}

}  // namespace winml::report::text
