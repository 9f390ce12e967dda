#include "perf/interruption.h"

namespace winml::perf {

Interruption summarize_interruption(std::span<const CombinationProgress> combinations, std::size_t rounds) {
  Interruption out;
  out.combinations_planned = combinations.size();
  for (const CombinationProgress& c : combinations) {
    if (c.timed == 0) continue;  // nothing measured: left out of the report
    ++out.combinations_reported;
    if (c.stopped || c.rounds_run < rounds) ++out.combinations_cut_short;
  }
  return out;
}

}  // namespace winml::perf
