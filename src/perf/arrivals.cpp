#include "perf/arrivals.h"

#include <cmath>
#include <random>

#include <fmt/format.h>

#include "winml/errors.h"

namespace winml::perf {

std::vector<double> arrival_times(std::size_t count, const ArrivalPattern& pattern) {
  if (!(pattern.rate_per_s > 0)) {
    throw UsageError(fmt::format("the request rate must be positive, not {}: e.g. --request-rate 2 (requests/s)",
                                 pattern.rate_per_s));
  }
  if (!(pattern.burstiness > 0) || !std::isfinite(pattern.burstiness)) {
    throw UsageError(
        fmt::format("the burstiness must be a positive number, not {}: 1 is a Poisson process, below 1 burstier",
                    pattern.burstiness));
  }
  std::vector<double> times(count, 0.0);
  if (std::isinf(pattern.rate_per_s)) return times;
  // Shape k and scale 1 / (rate k): the mean gap is 1 / rate whatever the burstiness.
  std::mt19937_64 random(pattern.seed);
  std::gamma_distribution<double> gap(pattern.burstiness, 1.0 / (pattern.rate_per_s * pattern.burstiness));
  double t = 0;
  for (double& time : times) {
    t += gap(random);
    time = t;
  }
  return times;
}

}  // namespace winml::perf
