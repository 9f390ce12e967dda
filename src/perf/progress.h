#pragma once
/// \file
/// The callback a benchmark runner reports progress through. Runners never print; the console
/// implementation lives in report/progress_reporter.h. Calls happen between iterations, outside
/// every timed region.

#include <cstddef>
#include <string>

namespace winml::perf {

/// Which part of a benchmark an iteration belongs to.
enum class Phase {
  first_run,  ///< the single untimed first call (latency runner only): lazy initialisation
  warmup,     ///< untimed warmup iterations, excluded from statistics
  timed,      ///< iterations that the statistics are computed from
  cold,       ///< --cold: a reload and the first generation after it (iteration_s covers both)
  served,     ///< a timed turn served through GenAI's Engine (iteration_s: its end-to-end latency)
};

/// One finished iteration.
struct ProgressEvent {
  Phase phase = Phase::timed;  ///< the phase the iteration belongs to
  std::size_t index = 0;       ///< 1-based iteration number within the phase
  std::size_t total = 0;       ///< iterations planned in the phase; 0 = open-ended (time budget or --target-ci)
  double budget_s = 0;         ///< time budget of the timed phase in seconds; 0 = none
  double iteration_s = 0;      ///< how long this iteration took, in seconds
  double elapsed_s = 0;        ///< seconds since the runner started (all phases)
};

/// A sweep combination about to run.
struct CombinationEvent {
  std::size_t index = 0;   ///< 1-based position among the combinations this run measures
  std::size_t total = 0;   ///< combinations this run measures
  std::string label;       ///< its swept settings, e.g. "threads=2 pp=256 tg=32"; empty for a plain run
  std::size_t round = 1;   ///< 1-based round (--rounds)
  std::size_t rounds = 1;  ///< rounds this run measures
};

/// An open-loop serving run about to begin its warmup: how long its seeded arrivals last, so a long
/// run is announced before it starts.
struct ServingPlanEvent {
  std::size_t requests = 0;         ///< timed arrivals
  double rate_per_s = 0;            ///< the offered rate
  double arrivals_s = 0;            ///< the last arrival's time: the timed run lasts at least this long
  std::size_t warmup_requests = 0;  ///< closed-loop warmup conversations before it, not timed
};

/// Receives progress from a runner.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  /// Called after each iteration of every phase.
  virtual void on_iteration(const ProgressEvent& event) = 0;
  /// Called before each run of a sweep of more than one combination or round; a plain run has
  /// none. Ignored unless overridden: only the console says which combination runs.
  virtual void on_combination(const CombinationEvent& /*event*/) {}
  /// Called before each --delay pause, with its length in seconds. Ignored unless overridden.
  virtual void on_cooling(double /*seconds*/) {}
  /// Called before an open-loop serving run's warmup. Ignored unless overridden.
  virtual void on_serving_plan(const ServingPlanEvent& /*event*/) {}
};

/// A sink that ignores everything (quiet mode, tests).
class NullProgress final : public ProgressSink {
 public:
  /// Does nothing.
  void on_iteration(const ProgressEvent&) override {}
};

}  // namespace winml::perf
