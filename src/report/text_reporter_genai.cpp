// The console report of a GenAI benchmark (TextReporter::format_one for GenaiPerfResult).
#include <fmt/format.h>

#include <algorithm>

#include "report/agreement_text.h"
#include "report/clock_report.h"
#include "report/compile_text.h"
#include "report/placement_report.h"
#include "report/profile_report.h"
#include "report/resources_text.h"
#include "report/roofline_report.h"
#include "report/serving_text.h"
#include "report/sparkline.h"
#include "report/text_load.h"
#include "report/text_reporter.h"
#include "report/text_sections.h"
#include "report/text_sweep.h"
#include "report/text_units.h"
#include "report/threads_text.h"
#include "util/plural.h"

namespace winml::report {
namespace {

using namespace text;
// Declared, not only made visible: in a unity build a file before this one may declare
// json_fields::rate in this namespace, which would otherwise hide text::rate.
using text::rate;

// Timed iterations; through GenAI's Engine, the turns served.
std::string iterations_text(const perf::GenaiPerfConfig& c, std::size_t ran) {
  const char* noun = c.serving ? "request" : "iteration";
  if (c.duration_s) return fmt::format("{} budget ({} done)", duration(*c.duration_s), count_of(ran, noun));
  return count_of(ran, noun);
}

std::string generated_text(const perf::GenaiMetrics& m) {
  if (m.generated_tokens.empty()) return "none";
  const auto [lo, hi] = std::minmax_element(m.generated_tokens.begin(), m.generated_tokens.end());
  const std::string per = *lo == *hi ? fmt::format("{}", *lo) : fmt::format("{}-{}", *lo, *hi);
  return fmt::format("{} {} per iteration ({} in all)", per, agree(*hi, "token", "tokens"),
                     count_of(static_cast<std::size_t>(m.generated_tokens_total), "token"));
}

Table config_table(const perf::GenaiPerfResult& r) {
  const perf::GenaiPerfConfig& c = r.config;
  Table t({}, false);
  t.add_row({"bundle", c.bundle});
  t.add_row(
      {"config", fmt::format("ep {} · device {} · compile {}{} · {} · {} warmup{}", c.ep, c.device, on_off(c.compile),
                             c.compile ? fmt::format(" (timeout {} per stage)", duration(c.compile_timeout_s)) : "",
                             iterations_text(c, r.metrics.iterations), c.warmup, rounds_text(c.run))});
  const std::string capped =
      c.max_new_tokens_effective < c.max_new_tokens
          ? fmt::format(" (capped to {} by context_length: {} fewer)", c.max_new_tokens_effective,
                        c.max_new_tokens - c.max_new_tokens_effective)
          : "";
  t.add_row({"generation",
             fmt::format("max_new_tokens {}{} · stop_at_eos {} · chat template {} · context_length {}",
                         c.max_new_tokens, capped, on_off(c.stop_at_eos), on_off(c.apply_template), c.context_length)});
  if (!c.serving)
    t.add_row({"KV cache", fmt::format("max_length {} ({}) · depth {}", c.max_length,
                                       c.max_length_requested ? "--max-length" : "depth + prompt + new tokens",
                                       c.depth == 0 ? std::string("none") : count_of(c.depth, "token"))});
  if (c.serving) t.add_row({"serving", serving_config_text(*c.serving) + " · GenAI's Engine"});
  t.add_row({"threads", threads_text(c.run.threads)});
  t.add_row({"tokens", fmt::format("prompt {}{} · generated {}",
                                   count_of(static_cast<std::size_t>(r.metrics.prompt_tokens), "token"),
                                   c.tokenizer ? "" : " (token ids, no tokenizer: output not detokenized)",
                                   generated_text(r.metrics))});
  add_machine_rows(t, r.context.machine);
  return t;
}

Table stats_table(const perf::GenaiMetrics& m, const std::vector<double>& percentiles) {
  Table t(stats_header(percentiles));
  t.add_row(duration_row("TTFT", m.ttft_s));
  t.add_row(duration_row("  prefill", m.prefill_s));
  t.add_row(duration_row("  first token", m.first_token_s));
  t.add_row(duration_row("TPOT", m.tpot_s));
  t.add_row(duration_row("decode step", m.decode_step_s));
  t.add_row(duration_row("total", m.total_s));
  t.add_row(rate_row("decode rate", m.decode_tokens_per_s, "tok/s"));
  return t;
}

// "▁▂█  9.900 ms to 10.300 ms · median by step 1-3 (context 24-26 tokens)": the per-step medians
// of the timeline, in bucket means when there are more steps than columns.
std::string timeline_text(const std::vector<perf::DecodePosition>& timeline, Glyphs glyphs) {
  if (timeline.empty()) return "none (no decode steps)";
  std::vector<double> medians;
  medians.reserve(timeline.size());
  for (const perf::DecodePosition& p : timeline) medians.push_back(p.latency_s.median);
  const std::vector<double> columns = bucket_means(medians, kSparklineWidth);
  const auto [lo, hi] = std::minmax_element(columns.begin(), columns.end());
  const TimeUnit unit = pick_time_unit(*hi);
  const perf::DecodePosition& first = timeline.front();
  const perf::DecodePosition& last = timeline.back();
  std::string text = fmt::format("{}  {} to {} · median by step {}-{} (context {}-{} tokens)",
                                 sparkline(columns, glyphs), duration(*lo, unit), duration(*hi, unit), first.step,
                                 last.step, first.context_tokens, last.context_tokens);
  if (columns.size() < medians.size()) {
    text += fmt::format(", {} columns of {:.1f} steps", columns.size(),
                        static_cast<double>(medians.size()) / static_cast<double>(columns.size()));
  }
  return text;
}

Table results_table(const perf::GenaiPerfResult& r, Glyphs glyphs) {
  const perf::GenaiMetrics& m = r.metrics;
  const perf::WarmupMeans& w = r.warmup;
  Table t({}, false);
  if (r.serving && r.config.serving) {
    // Requests batched by the engine: its throughput and batches say what the generator's rates would.
    add_serving_rows(t, *r.serving, *r.config.serving);
  } else {
    t.add_row({"decode tokens/s",
               fmt::format("{} ({} decode steps)", rate(m.decode_tokens_per_s_aggregate, "tok/s"), m.decode_steps)});
    t.add_row({"decode by position", timeline_text(m.decode_timeline, glyphs)});
    t.add_row({"prefill tokens/s", rate(m.prefill_tokens_per_s_aggregate, "tok/s")});
    if (m.depth_tokens > 0) {
      t.add_row({"depth fill", fmt::format("{} mean to fill {} (not in TTFT)", duration(m.depth_fill_s.mean),
                                           count_of(static_cast<std::size_t>(m.depth_tokens), "token"))});
    }
    t.add_row({"avg token latency", duration(m.avg_token_latency_s) + " per generated token"});
  }
  t.add_row({"load time", load_text(r.facts.load)});
  if (r.cold) t.add_row({"cold start", cold_text(*r.cold)});
  t.add_row({"peak RSS", bytes(r.facts.peak_rss_bytes)});
  add_clock_rows(t, r.context.clock);
  if (r.rounds.size() > 1) {
    for (const perf::GenaiRound& round : r.rounds) {
      t.add_row({round.round == 1 ? "by round" : "",
                 fmt::format("{}: decode {} · TTFT mean {} · {}", round.round, rate(round.decode_tokens_per_s, "tok/s"),
                             duration(round.ttft_mean_s), count_of(round.iterations, "iteration"))});
    }
  }
  if (r.roofline) {
    t.add_row({"roofline", roofline_decode_text(*r.roofline)});
    t.add_row({"", roofline_prefill_text(*r.roofline)});
    t.add_row({"memory split", roofline_memory_text(*r.roofline)});
  }
  if (w.count > 0) {
    t.add_row({"warmup (excluded)",
               fmt::format("{} · TTFT mean {} · total mean {} · decode {}", count_of(w.count, "run"),
                           duration(w.ttft_s), duration(w.total_s), rate(w.decode_tokens_per_s, "tok/s"))});
  }
  if (r.output) t.add_row({"greedy output", greedy_output_text(*r.output)});
  for (const StagePreparation& p : r.facts.preparation) {
    t.add_row({"stage " + p.stage, fmt::format("{} · {}{} · {}{}", p.ep, p.action,
                                               p.compatibility == "not_checked" ? "" : " (" + p.compatibility + ")",
                                               duration(p.seconds), p.detail.empty() ? "" : " · " + p.detail)});
  }
  if (r.facts.compile) t.add_row({"compile", compile_timing_text(*r.facts.compile)});
  add_placement_rows(t, r.facts.placement);
  add_quality_rows(t, r.context.quality,
                   {{"TTFT", &m.ttft_s},
                    {"TPOT", &m.tpot_s},
                    {"decode step", &m.decode_step_s},
                    {"total", &m.total_s},
                    {"decode rate", &m.decode_tokens_per_s}});
  add_methods_row(t);
  return t;
}

}  // namespace

std::string TextReporter::format_one(const perf::GenaiPerfResult& result) const {
  const Style style = Style::make(color_);
  std::string out = fmt::format("{}winml perf · {}{}\n", style.bold, result.config.runtime, style.reset);
  out += build_warning(result.context.machine, style);
  out += config_table(result).render(style, 2);
  if (result.serving) {
    Table stats = serving_stats_table(result.serving->summary, result.config.run.percentiles);
    choose_stats_columns(stats, columns_);
    out += "\n" + stats.render(style, 2);
    if (const std::string turns = turns_text(result.serving->summary, style); !turns.empty()) out += "\n" + turns;
  } else {
    Table stats = stats_table(result.metrics, result.config.run.percentiles);
    choose_stats_columns(stats, columns_);
    out += "\n" + stats.render(style, 2);
  }
  out += "\n" + results_table(result, glyphs_).render(style, 2);
  if (result.context.resources.sampled)
    out += "\n" + resources_text(result.context.resources, result.context.machine.logical_cores, style);
  if (result.profile) out += "\n" + profile_text(*result.profile, style);
  return out;
}

std::string TextReporter::format(const perf::GenaiPerfReport& report) const {
  if (report.results.empty()) return "winml perf · no results\n";
  if (report.results.size() == 1) return format_one(report.results.front());
  return genai_sweep_text(report, Style::make(color_), columns_);
}

}  // namespace winml::report
