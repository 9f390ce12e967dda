#pragma once
/// \file
/// When the requests of an open-loop serving run arrive: a seeded gamma process, as vLLM's `bench
/// serve` defines it. The gaps between arrivals are gamma-distributed with shape `burstiness` and
/// mean 1 / rate: burstiness 1 is a Poisson process, below 1 burstier, above 1 more even. The same
/// seed gives the same times with the same build.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace winml::perf {

/// How requests arrive.
struct ArrivalPattern {
  double rate_per_s = 1;  ///< mean requests per second; infinity sends them all at once
  double burstiness = 1;  ///< the gamma shape, > 0
  std::uint64_t seed = 0;
};

/// The arrival times of `count` requests in seconds from the start, non-decreasing; the first
/// arrives after one gap (at 0 when the rate is infinite). Throws UsageError for a rate or a
/// burstiness that is not positive.
std::vector<double> arrival_times(std::size_t count, const ArrivalPattern& pattern);

}  // namespace winml::perf
