#include "report/progress_reporter.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/eta.h"
#include "report/text_units.h"
#include "util/printable.h"

namespace winml::report {

StreamProgress::StreamProgress(std::ostream& out, double min_interval_s) : out_(out), min_interval_s_(min_interval_s) {}

void StreamProgress::on_iteration(const perf::ProgressEvent& e) {
  // The phase began when its first iteration did: the pace of the phase leaves out earlier ones.
  if (e.index == 1) phase_started_s_ = e.elapsed_s - e.iteration_s;
  const bool edge = e.index == 1 || (e.total != 0 && e.index == e.total);
  if (!edge && e.elapsed_s - last_line_elapsed_s_ < min_interval_s_) return;
  last_line_elapsed_s_ = e.elapsed_s;

  std::string what;
  switch (e.phase) {
    case perf::Phase::first_run:
      what = "first run";
      break;
    case perf::Phase::warmup:
      what = fmt::format("warmup {}/{}", e.index, e.total);
      break;
    case perf::Phase::cold:
      what = fmt::format("cold start {}/{}", e.index, e.total);
      break;
    case perf::Phase::served:
      what = e.total != 0 ? fmt::format("request {}/{}", e.index, e.total)
                          : fmt::format("request {} ({} budget)", e.index, text::duration(e.budget_s));
      break;
    case perf::Phase::timed:
      if (e.total != 0) {
        what = fmt::format("iteration {}/{}", e.index, e.total);
      } else if (e.budget_s > 0) {
        what = fmt::format("iteration {} ({} budget)", e.index, text::duration(e.budget_s));
      } else {
        what = fmt::format("iteration {} (until the --target-ci precision)", e.index);
      }
      break;
  }
  out_ << fmt::format("{}  {}  elapsed {}{}\n", what, text::duration(e.iteration_s), text::duration(e.elapsed_s),
                      eta_field(phase_eta_seconds(e, e.elapsed_s - phase_started_s_)));
  out_.flush();
}

std::optional<double> phase_eta_seconds(const perf::ProgressEvent& e, double phase_elapsed_s) {
  if (e.total != 0) return eta_seconds(static_cast<double>(e.index), static_cast<double>(e.total), phase_elapsed_s);
  // A --duration budget ends the phase at the latest when it is spent.
  if ((e.phase == perf::Phase::timed || e.phase == perf::Phase::served) && e.budget_s > 0)
    return std::max(0.0, e.budget_s - phase_elapsed_s);
  return std::nullopt;  // until the --target-ci precision: no end to foresee
}

void StreamProgress::on_combination(const perf::CombinationEvent& e) {
  std::string line = e.rounds > 1 ? fmt::format("round {}/{}", e.round, e.rounds) : std::string();
  if (e.total > 1) line += fmt::format("{}[{}/{}] {}", line.empty() ? "" : " ", e.index, e.total, printable(e.label));
  out_ << line << '\n';
  out_.flush();
}

void StreamProgress::on_cooling(double seconds) {
  out_ << fmt::format("cooling {:g} s before the next run (--delay)\n", seconds);
  out_.flush();
}

void StreamProgress::on_serving_plan(const perf::ServingPlanEvent& e) {
  const std::string warmup =
      e.warmup_requests > 0 ? fmt::format(", after {} warmup conversations", e.warmup_requests) : std::string();
  out_ << fmt::format("open loop: {} arrivals at {:g} req/s: the timed run takes at least {} (its last arrival){}\n",
                      e.requests, e.rate_per_s, text::duration(e.arrivals_s), warmup);
  out_.flush();
}

std::string loading_line(const std::string& model, const EpChoice& ep) {
  if (ep.respects_bundle())
    return fmt::format("loading {} on the EPs its genai_config.json names ...", printable(model));
  if (ep.device().empty()) return fmt::format("loading {} on {} ...", printable(model), ep.ep_label());
  return fmt::format("loading {} on {} ({}) ...", printable(model), ep.ep_label(), ep.device());
}

std::unique_ptr<perf::ProgressSink> make_progress_reporter(std::ostream& out, bool quiet) {
  if (quiet) return std::make_unique<perf::NullProgress>();
  return std::make_unique<StreamProgress>(out);
}

}  // namespace winml::report
