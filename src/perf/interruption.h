#pragma once
/// \file
/// A benchmark stopped early by Ctrl-C (platform/interrupt_request.h): the runners poll a stop
/// request between iterations; what finished is reported, marked as interrupted.

#include <cstddef>
#include <functional>
#include <span>

namespace winml::perf {

/// True when the run should stop before its next iteration. Empty: it never does.
using StopRequest = std::function<bool()>;

/// True when `stop` is set and says stop.
inline bool stop_requested(const StopRequest& stop) { return stop && stop(); }

/// How far an interrupted run got. A combination is reported when at least one of its timed
/// iterations finished; the others are left out of the report.
struct Interruption {
  std::size_t combinations_planned = 0;    ///< what this run (or shard) was to measure
  std::size_t combinations_reported = 0;   ///< of them, those in the report
  std::size_t combinations_cut_short = 0;  ///< of those reported, those short of some rounds or iterations
  bool operator==(const Interruption&) const = default;
};

/// What one combination of a run has done so far, for the interruption's summary.
struct CombinationProgress {
  std::size_t timed = 0;       ///< timed iterations finished, over its rounds
  std::size_t rounds_run = 0;  ///< rounds that started
  bool stopped = false;        ///< a round of it stopped before its plan
};

/// The summary of a run stopped early, given what each of its combinations had done and how many
/// rounds each was to run. A combination is reported when at least one timed iteration finished.
Interruption summarize_interruption(std::span<const CombinationProgress> combinations, std::size_t rounds);

}  // namespace winml::perf
