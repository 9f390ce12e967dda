#pragma once
/// \file
/// Progress lines of `winml bundle synth` on a stream (stderr in the CLI): which file it writes or
/// checks and, while it generates weights, how much of them with an ETA:
///   "writing model.onnx.data: 512.0 MiB of 1.8 GiB of weights (28 %)  elapsed 4.1 s  ETA 10 s"
/// A bundle written within the first second (the tiny preset) shows none: only the summary.
/// Plain lines, never rewritten in place, like the benchmark's (progress_reporter.h).

#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "synth/synth_progress.h"

namespace winml::report {

/// The line for `event`; `elapsed_s` since the writing began, `weights_elapsed_s` since the
/// first weights were generated (the pace of the ETA).
std::string synth_progress_line(const synth::SynthProgressEvent& event, double elapsed_s, double weights_elapsed_s);

/// Writes synth_progress_line for the events worth a line: nothing in the first `quiet_for_s`
/// seconds; after that each new step (another file or step), and the weights' progress at most
/// once per `min_interval_s`.
class SynthProgressLines {
 public:
  /// Lines go to out; `clock` gives monotonic seconds (the CLI's steady clock, a test's fake).
  SynthProgressLines(std::ostream& out, std::function<double()> clock, double quiet_for_s = 1.0,
                     double min_interval_s = 1.0);
  /// Writes the event's line when due, and flushes.
  void operator()(const synth::SynthProgressEvent& event);

 private:
  std::ostream& out_;
  std::function<double()> clock_;
  double started_s_;
  double quiet_for_s_;
  double min_interval_s_;
  std::optional<double> last_line_s_;     ///< when the last line was written
  std::optional<double> weights_from_s_;  ///< when the first weights event came
  synth::SynthStep step_ = synth::SynthStep::weights;
  std::string file_;  ///< the step and file of the last event ("" before any)
};

}  // namespace winml::report
