#include "perf/genai_runner.h"

#include "perf/target_ci.h"

namespace winml::perf {

GenaiRunSamples run_genai_benchmark(GenerationSource& source, const LoopSettings& settings, const Clock& clock,
                                    ProgressSink& progress, const StopRequest& stop) {
  validate(settings);
  GenaiRunSamples out;
  out.warmup.reserve(settings.warmup);
  const bool open_ended = settings.duration_s || settings.target_ci_pct;
  if (!open_ended) out.timed.reserve(settings.iterations);
  const double budget = settings.duration_s.value_or(0);
  const std::size_t timed_total = open_ended ? 0 : settings.iterations;
  // --target-ci: the interval so far of the decode rate, the primary metric (an iteration without
  // a decode step has none, as in the report's statistics).
  PrecisionTracker precision;

  const double start = clock();
  for (std::size_t i = 0; i < settings.warmup; ++i) {
    if (stop_requested(stop)) {
      out.stopped = true;
      return out;
    }
    out.warmup.push_back(source.generate());
    progress.on_iteration({Phase::warmup, i + 1, settings.warmup, 0, out.warmup.back().total_s(), clock() - start});
  }

  const double timed_start = clock();
  double now = timed_start;
  while (should_start_timed_iteration(settings, out.timed.size(), now - timed_start, precision.relative_half_width())) {
    if (stop_requested(stop)) {
      out.stopped = true;
      break;
    }
    out.timed.push_back(source.generate());
    if (settings.target_ci_pct && !out.timed.back().decode_s.empty()) {
      precision.add(out.timed.back().decode_tokens_per_s());
    }
    now = clock();
    progress.on_iteration(
        {Phase::timed, out.timed.size(), timed_total, budget, out.timed.back().total_s(), now - start});
  }
  out.timed_wall_s = now - timed_start;
  return out;
}

}  // namespace winml::perf
