#pragma once
/// \file
/// Progress lines on a stream (stderr in the CLI) while a benchmark iterates: "warmup 1/2",
/// "iteration 3/10", each with its duration, the time elapsed and, when the phase has at least
/// kEtaMinSeconds left, its ETA. Plain lines, never rewritten in place: a log or a pipe reads them
/// as a terminal shows them.

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "perf/progress.h"
#include "winml/ep_choice.h"

namespace winml::report {

/// Writes one line per reported iteration. To keep the console (and the time spent printing
/// between runs) small, an iteration is reported only when it is the first or last of its phase,
/// or at least min_interval_s after the last line; the runners' clock drives this, so it is
/// deterministic under a fake clock.
class StreamProgress final : public perf::ProgressSink {
 public:
  /// Lines go to out, at most one per min_interval_s within a phase.
  explicit StreamProgress(std::ostream& out, double min_interval_s = 1.0);
  /// Writes the line for this iteration when due, and flushes.
  void on_iteration(const perf::ProgressEvent& event) override;
  /// "[3/8] threads=2 pp=256 tg=32", under --rounds "round 2/3 [3/8] threads=2 pp=256 tg=32" (a
  /// single combination: "round 2/3"): which run of a sweep starts, always written.
  void on_combination(const perf::CombinationEvent& event) override;
  /// "cooling 0.5 s before the next run (--delay)", always written.
  void on_cooling(double seconds) override;
  /// "open loop: 32 arrivals at 0.3 req/s: the timed run takes at least 107.3 s (its last arrival),
  /// after 16 warmup conversations", always written: a long run is announced before it starts.
  void on_serving_plan(const perf::ServingPlanEvent& event) override;

 private:
  std::ostream& out_;               ///< where lines go
  double min_interval_s_;           ///< least time between two lines of one phase
  double last_line_elapsed_s_ = 0;  ///< elapsed_s of the last line written
  double phase_started_s_ = 0;      ///< elapsed_s when the current phase's first iteration began
};

/// Seconds left in the phase of `event`, `phase_elapsed_s` into it: at its pace so far when its
/// iterations are counted, what is left of a --duration budget, nullopt under --target-ci alone.
std::optional<double> phase_eta_seconds(const perf::ProgressEvent& event, double phase_elapsed_s);

/// "loading MODEL on cpu ...", "loading MODEL on qnn (npu) ...", or for a bundle whose routing is
/// kept "loading MODEL on the EPs its genai_config.json names ...": said before a load, which can
/// take long.
std::string loading_line(const std::string& model, const EpChoice& ep);

/// A StreamProgress on out, or a perf::NullProgress when quiet.
std::unique_ptr<perf::ProgressSink> make_progress_reporter(std::ostream& out, bool quiet);

}  // namespace winml::report
