#include "perf/run_wide.h"

#include <utility>

namespace winml::perf {

RunWide run_wide(const std::vector<double>& percentiles, std::size_t rounds, double delay_s, std::string timestamp) {
  RunWide run;
  run.percentiles = percentiles;
  run.rounds = rounds;
  run.delay_s = delay_s;
  run.timestamp = std::move(timestamp);
  return run;
}

}  // namespace winml::perf
