#pragma once
/// \file
/// Progress lines on a stream (stderr in the CLI) while a benchmark iterates: "warmup 1/2",
/// "iteration 3/10", each with its duration and the time elapsed.

#include <memory>
#include <ostream>

#include "perf/progress.h"

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

 private:
  std::ostream& out_;               ///< where lines go
  double min_interval_s_;           ///< least time between two lines of one phase
  double last_line_elapsed_s_ = 0;  ///< elapsed_s of the last line written
};

/// A StreamProgress on out, or a perf::NullProgress when quiet.
std::unique_ptr<perf::ProgressSink> make_progress_reporter(std::ostream& out, bool quiet);

}  // namespace winml::report
