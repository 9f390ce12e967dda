#include "perf/latency_runner.h"

#include <algorithm>

#include "perf/target_ci.h"

namespace winml::perf {

LatencyRun run_latency_benchmark(const std::function<void()>& run, const LoopSettings& settings, const Clock& clock,
                                 ProgressSink& progress, const StopRequest& stop) {
  validate(settings);
  LatencyRun out;
  // Reserve up front so push_back never allocates between runs; under a time budget the count is
  // unknown, so reserve a modest amount and let growth happen (still outside the timed region).
  out.warmup_s.reserve(settings.warmup);
  const bool open_ended = settings.duration_s || settings.target_ci_pct;
  out.timed_s.reserve(open_ended ? std::min<std::size_t>(settings.max_iterations, 4096) : settings.iterations);
  const double budget = settings.duration_s.value_or(0);
  const std::size_t timed_total = open_ended ? 0 : settings.iterations;
  PrecisionTracker precision;  // --target-ci: the latency's interval so far

  const double start = clock();
  double t0 = clock();
  run();
  double t1 = clock();
  out.first_run_s = t1 - t0;
  progress.on_iteration({Phase::first_run, 1, 1, 0, out.first_run_s, t1 - start});

  for (std::size_t i = 0; i < settings.warmup; ++i) {
    if (stop_requested(stop)) {
      out.stopped = true;
      return out;
    }
    t0 = clock();
    run();
    t1 = clock();
    out.warmup_s.push_back(t1 - t0);
    progress.on_iteration({Phase::warmup, i + 1, settings.warmup, 0, t1 - t0, t1 - start});
  }

  const double timed_start = clock();
  double now = timed_start;
  while (
      should_start_timed_iteration(settings, out.timed_s.size(), now - timed_start, precision.relative_half_width())) {
    if (stop_requested(stop)) {
      out.stopped = true;
      break;
    }
    t0 = clock();
    run();
    t1 = clock();
    out.timed_s.push_back(t1 - t0);
    if (settings.target_ci_pct) precision.add(t1 - t0);
    // The end of a run doubles as "now" for the budget: one clock read fewer per iteration.
    now = t1;
    progress.on_iteration({Phase::timed, out.timed_s.size(), timed_total, budget, t1 - t0, t1 - start});
  }
  out.timed_wall_s = now - timed_start;
  return out;
}

}  // namespace winml::perf
