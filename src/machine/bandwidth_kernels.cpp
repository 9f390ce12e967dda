#include "machine/bandwidth_kernels.h"

#include <bit>

namespace winml::perf {

std::uint64_t read_bits_sum(const double* data, std::size_t n) {
  // A plain reduction is what every vectoriser recognises. Clang interleaves it over four vector
  // accumulators by itself; GCC over two with the unrolling flags src/perf/CMakeLists.txt gives
  // this file. Either reads about 100 GB/s per core from L1, well above what one core draws from
  // memory, so the adder is not what the probe measures.
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += std::bit_cast<std::uint64_t>(data[i]);
  return sum;
}

void triad(double* a, const double* b, const double* c, double scalar, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + scalar * c[i];
}

}  // namespace winml::perf
