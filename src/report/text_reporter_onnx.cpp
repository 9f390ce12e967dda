// The console report of a single-model benchmark (TextReporter::format_one for OnnxPerfResult).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/clock_report.h"
#include "report/placement_report.h"
#include "report/profile_report.h"
#include "report/resources_text.h"
#include "report/text_load.h"
#include "report/text_reporter.h"
#include "report/text_sections.h"
#include "report/text_sweep.h"
#include "report/text_units.h"
#include "report/text_validation.h"
#include "report/threads_text.h"
#include "util/plural.h"

namespace winml::report {
namespace {

using namespace text;
// Declared, not only made visible: in a unity build a file before this one may declare
// json_fields::rate in this namespace, which would otherwise hide text::rate.
using text::rate;

Table config_table(const perf::OnnxPerfResult& r) {
  const perf::OnnxPerfConfig& c = r.config;
  Table t({}, false);
  t.add_row({"model", c.model});
  const std::string iterations = c.duration_s ? fmt::format("{} budget ({} done)", duration(*c.duration_s),
                                                            count_of(r.metrics.latency_s.count, "run"))
                                              : count_of(r.metrics.latency_s.count, "run");
  t.add_row({"config", fmt::format("ep {} · device {} · batch size {} · {} · {} warmup{}", c.ep, c.device, c.batch_size,
                                   iterations, c.warmup, rounds_text(c.run))});
  t.add_row({"threads", threads_text(c.run.threads)});
  if (c.data_sets.size() > 1) {
    t.add_row({"data sets",
               fmt::format("{} ({}), runs cycle through them", c.data_sets.size(), fmt::join(c.data_sets, ", "))});
  }
  for (std::size_t i = 0; i < c.inputs.size(); ++i) {
    const perf::OnnxInputFact& in = c.inputs[i];
    t.add_row({i == 0 ? "inputs" : "",
               fmt::format("{} {} [{}] · {}", in.name, in.type, fmt::join(in.shape, ", "), in.source)});
  }
  add_machine_rows(t, r.context.machine);
  return t;
}

Table results_table(const perf::OnnxPerfResult& r) {
  const perf::OnnxMetrics& m = r.metrics;
  const perf::OnnxRunFacts& f = r.facts;
  Table t({}, false);
  t.add_row({"load time", onnx_load_text(f)});
  t.add_row({"first run", duration(m.first_run_s)});
  t.add_row({"warmup mean", m.warmup_count > 0 ? fmt::format("{} ({} excluded)", duration(m.warmup_mean_s),
                                                             count_of(m.warmup_count, "run"))
                                               : "no warmup"});
  t.add_row(
      {"throughput", fmt::format("{} · {}", rate(m.samples_per_s, "samples/s"), rate(m.batches_per_s, "batches/s"))});
  t.add_row({"timed phase", duration(m.timed_wall_s) + " wall time"});
  t.add_row(
      {"RSS", fmt::format("before load {} · after load {} · after runs {} · peak {}", bytes(f.rss_before_load_bytes),
                          bytes(f.rss_after_load_bytes), bytes(f.rss_after_runs_bytes), bytes(f.peak_rss_bytes))});
  add_placement_rows(t, f.placement);
  add_quality_rows(t, r.context.quality, {{"latency", &m.latency_s}});
  add_clock_rows(t, r.context.clock);
  if (r.rounds.size() > 1) {
    for (const perf::OnnxRound& round : r.rounds) {
      t.add_row({round.round == 1 ? "by round" : "",
                 fmt::format("{}: latency mean {} · median {} · {}", round.round, duration(round.latency_mean_s),
                             duration(round.latency_median_s), count_of(round.iterations, "run"))});
    }
  }
  add_methods_row(t);
  return t;
}

}  // namespace

std::string TextReporter::format_one(const perf::OnnxPerfResult& result) const {
  const Style style = Style::make(color_);
  std::string out = fmt::format("{}winml perf · {}{}\n", style.bold, result.config.runtime, style.reset);
  out += build_warning(result.context.machine, style);
  out += config_table(result).render(style, 2);
  Table stats(stats_header(result.config.run.percentiles));
  stats.add_row(duration_row("latency", result.metrics.latency_s));
  choose_stats_columns(stats, columns_);
  out += "\n" + stats.render(style, 2);
  out += "\n" + results_table(result).render(style, 2);
  if (result.context.resources.sampled)
    out += "\n" + resources_text(result.context.resources, result.context.machine.logical_cores, style);
  if (result.metrics.validation) out += "\n" + validation_text(*result.metrics.validation, style);
  if (result.profile) out += "\n" + profile_text(*result.profile, style);
  return out;
}

std::string TextReporter::format(const perf::OnnxPerfReport& report) const {
  if (report.results.empty()) return "winml perf · no results\n";
  if (report.results.size() == 1) return format_one(report.results.front());
  return onnx_sweep_text(report, Style::make(color_), columns_);
}

}  // namespace winml::report
