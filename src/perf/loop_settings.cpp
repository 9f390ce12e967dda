#include "perf/loop_settings.h"

#include <fmt/format.h>

#include <cmath>

#include "winml/errors.h"

namespace winml::perf {

void validate(const LoopSettings& settings) {
  if (settings.warmup > kMaxIterations) {
    throw UsageError(fmt::format("--warmup {} is more than the {} iterations a run may have; use fewer.",
                                 settings.warmup, kMaxIterations));
  }
  if (settings.duration_s) {
    const double d = *settings.duration_s;
    if (!std::isfinite(d) || d <= 0) {
      throw UsageError("--duration must be a positive number of seconds (for example --duration 30)");
    }
    if (settings.max_iterations == 0) throw UsageError("the iteration cap under --duration must be at least 1");
    return;
  }
  if (settings.iterations == 0) {
    throw UsageError("--iterations must be at least 1 (statistics need a timed iteration); use --iterations 10");
  }
  if (settings.iterations > kMaxIterations) {
    throw UsageError(
        fmt::format("--iterations {} is more than the {} a run may have (every sample stays in memory); "
                    "use fewer, or --duration SECONDS.",
                    settings.iterations, kMaxIterations));
  }
}

LoopSettings resolve_loop(const LoopRequest& request, std::size_t default_iterations, std::size_t default_warmup) {
  LoopSettings loop;
  loop.iterations = request.iterations.value_or(default_iterations);
  loop.warmup = request.warmup.value_or(default_warmup);
  loop.duration_s = request.duration_s;
  validate(loop);
  return loop;
}

bool should_start_timed_iteration(const LoopSettings& settings, std::size_t done, double timed_elapsed_s) {
  if (!settings.duration_s) return done < settings.iterations;
  // The first timed iteration always runs, even with a budget smaller than one iteration:
  // a report without a single measurement is useless.
  if (done == 0) return true;
  if (done >= settings.max_iterations) return false;
  return timed_elapsed_s < *settings.duration_s;
}

}  // namespace winml::perf
