#include "report/text_sections.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "report/json_fields.h"
#include "report/power_text.h"
#include "report/text_units.h"
#include "report/threads_text.h"
#include "stats/percentile_list.h"
#include "util/plural.h"

namespace winml::report::text {

std::vector<std::string> stats_header(const std::vector<double>& percentiles) {
  std::vector<std::string> header = {"metric", "n", "mean", "±95%", "min", "max"};
  for (double p : percentiles) header.push_back(perf::percentile_label(p));
  header.push_back("stddev");
  header.push_back("cv");
  return header;
}

void choose_stats_columns(Table& table, const ColumnChoice& choice) {
  std::vector<std::string> names = table.header();
  std::vector<bool> in_default(names.size(), false), fixed(names.size(), false);
  std::size_t highest = 0;  // the last percentile column
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "±95%") names[i] = "ci95";
    const std::string& n = names[i];
    if (n.size() > 1 && n[0] == 'p' && (std::isdigit(static_cast<unsigned char>(n[1])) != 0)) highest = i;
    in_default[i] = n == "n" || n == "mean" || n == "ci95" || n == "p50" || n == "cv";
  }
  fixed[0] = true;
  if (highest > 0) in_default[highest] = true;
  table.keep_columns(chosen_columns(choice, names, in_default, fixed, "statistics table"));
}

namespace {

template <typename Format>
std::vector<std::string> row(const std::string& label, const perf::Summary& s, Format format) {
  if (s.count == 0) {
    std::vector<std::string> cells = {label, "0"};
    cells.resize(6 + s.percentiles.size() + 2, "-");  // mean, ±, min, max, the percentiles, stddev, cv
    return cells;
  }
  const std::string half = interval_around_mean(s, format);
  std::vector<std::string> cells = {label, std::to_string(s.count), format(s.mean), half, format(s.min), format(s.max)};
  for (const perf::PercentileValue& v : s.percentiles) cells.push_back(format(v.value));
  cells.push_back(format(s.stddev));
  cells.push_back(s.count < 2 ? "-" : fmt::format("{:.1f} %", s.cv * 100));
  return cells;
}

}  // namespace

std::string interval_around_mean(const perf::Summary& s, const std::function<std::string(double)>& format) {
  if (!s.mean_ci) return "-";
  // An interval cut at 0 has no lower bound from the data: its ends, the low one marked.
  if (s.mean_ci->clipped) return "[≥0, " + format(s.mean_ci->high) + "]";
  const auto reach = perf::relative_reach(s.mean_ci, s.mean);
  if (!reach || reach->symmetric()) return "±" + format(s.mean_ci->high - s.mean);
  return "-" + format(s.mean - s.mean_ci->low) + "/+" + format(s.mean_ci->high - s.mean);
}

std::vector<std::string> duration_row(const std::string& label, const perf::Summary& s) {
  // One unit per row, chosen from the mean, so a row's cells compare at a glance.
  const TimeUnit unit = pick_time_unit(s.mean);
  return row(label, s, [unit](double v) { return duration(v, unit); });
}

std::vector<std::string> rate_row(const std::string& label, const perf::Summary& s, const char* unit) {
  return row(label, s, [unit](double v) { return rate(v, unit); });
}

void add_machine_rows(Table& table, const perf::MachineInfo& m) {
  table.add_row({"machine", fmt::format("{} · {} · {} RAM", m.cpu_model.empty() ? "unknown CPU" : m.cpu_model,
                                        cores_text(m.logical_cores, m.physical_cores), bytes(m.memory_total_bytes))});
  table.add_row({"system", fmt::format("{} · {} · {}", m.os.empty() ? "unknown OS" : m.os, m.kernel, m.arch)});
  table.add_row({"software", fmt::format("winml {} ({}, {}) · ONNX Runtime {} · GenAI {}", m.winml_version,
                                         m.winml_commit, m.build_type, m.onnxruntime_version, m.genai_version)});
  table.add_row({"power", power_text(json_fields::power(m.power))});
}

void add_methods_row(Table& table) {
  table.add_row(
      {"methods",
       "percentiles by nearest rank · stddev of a sample (n-1) · ±95% Student t interval of the mean ([≥0, x]: it "
       "reached below 0 and was cut there, no lower bound) · "
       "outliers by modified z-score > 3.5, kept · warmup excluded"});
}

void add_quality_rows(Table& table, const perf::RunQuality& quality, const std::vector<LabelledSummary>& metrics) {
  std::string outliers;
  for (const auto& [label, summary] : metrics) {
    if (summary->outliers.empty()) continue;
    outliers += fmt::format("{}{} {}", outliers.empty() ? "" : " · ", label, summary->outliers.size());
  }
  table.add_row({"outliers (kept)", outliers.empty() ? "none" : outliers});
  std::vector<std::string> high_cv;
  for (const perf::HighVariation& h : quality.high_cv) high_cv.push_back(h.metric);
  std::string checks = high_cv.empty()
                           ? fmt::format("cv within {:.0f} %", quality.cv_threshold * 100)
                           : fmt::format("cv above {:.0f} %: {}", quality.cv_threshold * 100, fmt::join(high_cv, ", "));
  const bool warmup_checked =
      std::any_of(quality.warmup.begin(), quality.warmup.end(), [](const perf::WarmupVerdict& v) { return v.checked; });
  if (quality.suggested_warmup > 0) {
    checks += fmt::format(" · warmup too short: use --warmup {}", quality.suggested_warmup);
  } else if (warmup_checked) {
    checks += " · warmup long enough";
  } else {
    checks += fmt::format(" · warmup not checked (needs {} timed iterations)", perf::kWarmupCheckMinSamples);
  }
  table.add_row({"checks", checks});
  if (const auto& t = quality.target_ci) {
    const std::string reached = t->half_width_pct ? fmt::format("±{:.2f} %", *t->half_width_pct) : "no interval";
    table.add_row({"target CI", fmt::format("±{:g} % of {}: {} after {} ({}{})", t->pct, t->metric,
                                            t->met ? "met" : "NOT met", count_of(t->iterations, "iteration"), reached,
                                            t->met ? "" : ", stopped by " + perf::to_string(t->stopped_by))});
  }
}

std::string build_warning(const perf::MachineInfo& m, const Style& style) {
  if (perf::is_optimized_build(m.build_type)) return {};
  return fmt::format(
      "{}warning: winml was built as '{}'; timings from it are not meaningful. Rebuild with "
      "-DCMAKE_BUILD_TYPE=Release.{}\n",
      style.warn, m.build_type, style.reset);
}

std::string rounds_text(const perf::RunWide& run) {
  std::string text = run.rounds > 1 ? fmt::format(" · {} rounds, interleaved", run.rounds) : std::string();
  if (run.delay_s > 0) text += fmt::format(" · delay {:g} s", run.delay_s);
  return text;
}

const char* on_off(bool value) { return value ? "on" : "off"; }

}  // namespace winml::report::text
