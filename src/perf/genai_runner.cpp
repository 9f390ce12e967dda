#include "perf/genai_runner.h"

namespace winml::perf {

GenaiRunSamples run_genai_benchmark(GenerationSource& source, const LoopSettings& settings, const Clock& clock,
                                    ProgressSink& progress) {
  validate(settings);
  GenaiRunSamples out;
  out.warmup.reserve(settings.warmup);
  if (!settings.duration_s) out.timed.reserve(settings.iterations);
  const double budget = settings.duration_s.value_or(0);
  const std::size_t timed_total = settings.duration_s ? 0 : settings.iterations;

  const double start = clock();
  for (std::size_t i = 0; i < settings.warmup; ++i) {
    out.warmup.push_back(source.generate());
    progress.on_iteration({Phase::warmup, i + 1, settings.warmup, 0, out.warmup.back().total_s(), clock() - start});
  }

  const double timed_start = clock();
  double now = timed_start;
  while (should_start_timed_iteration(settings, out.timed.size(), now - timed_start)) {
    out.timed.push_back(source.generate());
    now = clock();
    progress.on_iteration(
        {Phase::timed, out.timed.size(), timed_total, budget, out.timed.back().total_s(), now - start});
  }
  out.timed_wall_s = now - timed_start;
  return out;
}

}  // namespace winml::perf
