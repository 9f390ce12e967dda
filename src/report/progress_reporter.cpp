#include "report/progress_reporter.h"

#include <fmt/format.h>

#include "report/text_units.h"
#include "util/printable.h"

namespace winml::report {

StreamProgress::StreamProgress(std::ostream& out, double min_interval_s) : out_(out), min_interval_s_(min_interval_s) {}

void StreamProgress::on_iteration(const perf::ProgressEvent& e) {
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
  out_ << fmt::format("{}  {}  elapsed {}\n", what, text::duration(e.iteration_s), text::duration(e.elapsed_s));
  out_.flush();
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

std::unique_ptr<perf::ProgressSink> make_progress_reporter(std::ostream& out, bool quiet) {
  if (quiet) return std::make_unique<perf::NullProgress>();
  return std::make_unique<StreamProgress>(out);
}

}  // namespace winml::report
