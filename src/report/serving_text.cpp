#include "report/serving_text.h"

#include <fmt/format.h>

#include "report/text_sections.h"
#include "report/text_units.h"
#include "util/plural.h"

namespace winml::report::text {
namespace {

// The highest percentile a summary holds (p99 by default), for the tail column of a sweep.
double tail_value(const perf::Summary& s) { return s.percentiles.empty() ? s.max : s.percentiles.back().value; }

std::string ms_cell(double seconds) { return fmt::format("{:.2f}", seconds * 1e3); }

std::string share_text(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? std::string("0 %")
                    : fmt::format("{:.1f} %", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

}  // namespace

std::string serving_config_text(const perf::ServingConfig& c) {
  std::string load;
  if (c.mode == perf::ServingMode::closed) {
    load = fmt::format("closed loop · concurrency {}", c.concurrency);
  } else {
    load = fmt::format("open loop · {} · burstiness {:g}{}", rate(c.request_rate.value_or(0), "req/s"), c.burstiness,
                       c.concurrency > 0 ? fmt::format(" · at most {} in flight", c.concurrency) : "");
  }
  const std::string requests =
      c.requests == 0 ? std::string("conversations until --duration") : count_of(c.requests, "conversation");
  const std::string turns = c.turns > 1 ? fmt::format(" · {} turns each", c.turns) : "";
  return fmt::format("{} · {}{} · {}", load, requests, turns, count_of(c.warmup_requests, "warmup conversation"));
}

Table serving_stats_table(const perf::ServingSummary& s, const std::vector<double>& percentiles) {
  Table t(stats_header(percentiles));
  t.add_row(duration_row("TTFT", s.ttft_s));
  t.add_row(duration_row("TPOT", s.tpot_s));
  t.add_row(duration_row("ITL", s.itl_s));
  t.add_row(duration_row("E2E", s.e2e_s));
  t.add_row(duration_row("queue wait", s.queue_wait_s));
  return t;
}

void add_serving_rows(Table& t, const perf::ServingResult& serving, const perf::ServingConfig& config) {
  const perf::ServingSummary& s = serving.summary;
  t.add_row(
      {"throughput", fmt::format("{} · {} · {} generated in {}", rate(s.output_tokens_per_s, "tok/s"),
                                 rate(s.requests_per_s, "req/s"),
                                 count_of(static_cast<std::size_t>(s.generated_tokens), "token"), duration(s.wall_s))});
  t.add_row(
      {"engine batches", fmt::format("mean {:.2f} · largest {} · {} steps", s.mean_batch, s.largest_batch, s.steps)});
  const engine::ServingLimits& l = serving.limits;
  t.add_row({"engine limits",
             fmt::format("max batch {} · {} · {}", l.max_batch_size,
                         l.max_scheduled_tokens > 0 ? fmt::format("{} scheduled tokens a step", l.max_scheduled_tokens)
                                                    : std::string("static batching"),
                         l.max_request_length > 0 ? fmt::format("requests up to {} tokens", l.max_request_length)
                                                  : std::string("request length not stated"))});
  t.add_row(
      {"prompt cache", fmt::format("{} of {} prompt tokens served from the engine's cache ({})", s.cached_prompt_tokens,
                                   s.prompt_tokens, share_text(s.cached_prompt_tokens, s.prompt_tokens))});
  if (s.goodput) {
    t.add_row({"goodput", fmt::format("{} of {} requests met {} ({:.1f} %) · {}", s.goodput->met, s.goodput->requests,
                                      perf::describe(config.objectives), 100.0 * s.goodput->share(),
                                      rate(s.goodput->requests_per_s, "req/s"))});
  }
  if (s.offered_rate_per_s) {
    t.add_row({"offered rate",
               fmt::format("{} offered, {} completed: {}", rate(*s.offered_rate_per_s, "req/s"),
                           rate(s.requests_per_s, "req/s"),
                           s.offered_rate_exceeded
                               ? fmt::format("exceeded (below {:.0f} % of it): requests queued faster than they ended",
                                             100 * perf::kSustainedShare)
                               : std::string("kept up with"))});
  }
}

std::string turns_text(const perf::ServingSummary& s, const Style& style) {
  if (s.turns.empty()) return {};
  Table t({"turn", "requests", "TTFT median", "TTFT mean", "prompt tokens", "from cache", "cached"});
  for (const perf::TurnSummary& turn : s.turns) {
    t.add_row({std::to_string(turn.turn), std::to_string(turn.requests), duration(turn.ttft_s.median),
               duration(turn.ttft_s.mean), std::to_string(turn.prompt_tokens),
               std::to_string(turn.cached_prompt_tokens), share_text(turn.cached_prompt_tokens, turn.prompt_tokens)});
  }
  std::string out = t.render(style, 2);
  out +=
      "  prompt tokens: those the engine counted for the turn's prompt; from cache: those of them served from its "
      "prefix cache (CachedPromptTokens)\n";
  if (s.cached_prompt_tokens == 0) {
    out += "  from cache: the engine reported no prompt token served from its prefix cache (CachedPromptTokens 0)\n";
  }
  return out;
}

std::vector<std::string> serving_sweep_header(bool goodput) {
  std::vector<std::string> h = {"req/s",   "out tok/s",  "TTFT p50 ms", "TTFT tail ms",
                                "TPOT ms", "E2E p50 ms", "batch",       "kept up"};
  if (goodput) h.emplace_back("goodput");
  return h;
}

std::vector<std::string> serving_sweep_cells(const perf::GenaiPerfResult& r, bool goodput) {
  if (!r.serving) return std::vector<std::string>(serving_sweep_header(goodput).size(), "-");
  const perf::ServingSummary& s = r.serving->summary;
  std::vector<std::string> cells = {fmt::format("{:.2f}", s.requests_per_s),
                                    fmt::format("{:.1f}", s.output_tokens_per_s),
                                    ms_cell(s.ttft_s.median),
                                    ms_cell(tail_value(s.ttft_s)),
                                    ms_cell(s.tpot_s.mean),
                                    ms_cell(s.e2e_s.median),
                                    fmt::format("{:.2f}", s.mean_batch),
                                    !s.offered_rate_per_s     ? "-"
                                    : s.offered_rate_exceeded ? "no"
                                                              : "yes"};
  if (goodput) cells.push_back(s.goodput ? fmt::format("{:.1f} %", 100.0 * s.goodput->share()) : "-");
  return cells;
}

}  // namespace winml::report::text
