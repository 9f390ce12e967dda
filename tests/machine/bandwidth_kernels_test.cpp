#include "machine/bandwidth_kernels.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace winml::perf {
namespace {

// Lengths around the vector widths and unroll factors, so the remainder loops run too.
TEST(BandwidthKernels, ReadSumAddsTheBitPatternsModulo2To64) {
  for (std::size_t n : {0, 1, 2, 3, 15, 16, 17, 31, 33, 64, 1000, 1027}) {
    std::vector<double> data(n);
    std::uint64_t expected = 0;
    for (std::size_t i = 0; i < n; ++i) {
      data[i] = i % 3 == 0 ? -std::numeric_limits<double>::max() : 0.5 * static_cast<double>(i);
      expected += std::bit_cast<std::uint64_t>(data[i]);  // wraps: sums of large patterns overflow
    }
    EXPECT_EQ(read_bits_sum(data.data(), n), expected) << "n = " << n;
  }
}

TEST(BandwidthKernels, TriadComputesBPlusScalarTimesC) {
  for (std::size_t n : {0, 1, 7, 16, 19, 1001}) {
    std::vector<double> a(n, -1);
    std::vector<double> b(n);
    std::vector<double> c(n);
    for (std::size_t i = 0; i < n; ++i) {
      b[i] = static_cast<double>(i);
      c[i] = 0.25 * static_cast<double>(i);
    }
    triad(a.data(), b.data(), c.data(), 4, n);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(a[i], 2.0 * static_cast<double>(i)) << "n = " << n << ", i = " << i;
  }
}

}  // namespace
}  // namespace winml::perf
