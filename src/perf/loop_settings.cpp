#include "perf/loop_settings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "winml/errors.h"

namespace winml::perf {

void validate(const LoopSettings& settings) {
  if (settings.warmup > kMaxIterations) {
    throw UsageError(fmt::format("--warmup {} is more than the {} iterations a run may have; use fewer.",
                                 settings.warmup, kMaxIterations));
  }
  if (settings.target_ci_pct) {
    const double pct = *settings.target_ci_pct;
    if (!std::isfinite(pct) || pct <= 0 || pct >= 100) {
      throw UsageError(fmt::format(
          "--target-ci {} must be a percentage above 0 and below 100: the 95 % interval's half-width as a share of "
          "the estimate (for example --target-ci 2)",
          pct));
    }
  }
  if (settings.duration_s) {
    const double d = *settings.duration_s;
    if (!std::isfinite(d) || d <= 0) {
      throw UsageError("--duration must be a positive number of seconds (for example --duration 30)");
    }
  }
  if (settings.max_iterations == 0 || settings.max_iterations > kMaxIterations) {
    throw UsageError(fmt::format("--max-iterations must be between 1 and {}", kMaxIterations));
  }
  if (settings.duration_s && !settings.target_ci_pct) return;  // the count is not used
  if (settings.iterations == 0) {
    throw UsageError("--iterations must be at least 1 (statistics need a timed iteration); use --iterations 10");
  }
  if (settings.iterations > kMaxIterations) {
    throw UsageError(
        fmt::format("--iterations {} is more than the {} a run may have (every sample stays in memory); "
                    "use fewer, or --duration SECONDS.",
                    settings.iterations, kMaxIterations));
  }
  if (settings.target_ci_pct && settings.max_iterations < settings.iterations) {
    throw UsageError(fmt::format(
        "--max-iterations {} is below --iterations {}, the minimum under --target-ci; raise --max-iterations or "
        "lower --iterations",
        settings.max_iterations, settings.iterations));
  }
}

LoopSettings resolve_loop(const LoopRequest& request, std::size_t default_iterations, std::size_t default_warmup) {
  LoopSettings loop;
  loop.iterations = request.iterations.value_or(default_iterations);
  loop.warmup = request.warmup.value_or(default_warmup);
  loop.duration_s = request.duration_s;
  loop.target_ci_pct = request.target_ci_pct;
  if (request.max_iterations) {
    if (!request.target_ci_pct && !request.duration_s) {
      throw UsageError("--max-iterations bounds --target-ci or --duration; with a fixed count use --iterations alone");
    }
    loop.max_iterations = *request.max_iterations;
  } else if (request.target_ci_pct) {
    loop.max_iterations = std::max(loop.iterations, kTargetCiDefaultMaxFactor * default_iterations);
  }
  if (request.duration_s && request.iterations && !request.target_ci_pct) {
    throw UsageError(
        "--duration and --iterations exclude each other: --duration replaces the count (with --target-ci, "
        "--iterations is the minimum and --duration a bound)");
  }
  validate(loop);
  return loop;
}

bool should_start_timed_iteration(const LoopSettings& settings, std::size_t done, double timed_elapsed_s,
                                  std::optional<double> relative_half_width) {
  if (settings.target_ci_pct) {
    if (done == 0) return true;
    if (done >= settings.max_iterations) return false;
    if (settings.duration_s && timed_elapsed_s >= *settings.duration_s) return false;
    if (done < settings.iterations) return true;
    return !(relative_half_width && *relative_half_width * 100 <= *settings.target_ci_pct);
  }
  if (!settings.duration_s) return done < settings.iterations;
  // The first timed iteration always runs, even with a budget smaller than one iteration:
  // a report without a single measurement is useless.
  if (done == 0) return true;
  if (done >= settings.max_iterations) return false;
  return timed_elapsed_s < *settings.duration_s;
}

}  // namespace winml::perf
