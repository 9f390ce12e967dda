#pragma once
/// \file
/// The two loops of the memory-bandwidth probe (bandwidth_probe.h). They sit in their own file,
/// compiled at -O3 whatever the build type (src/perf/CMakeLists.txt), so that they are vectorised in
/// every build and their machine code can be checked: `objdump -d` on bandwidth_kernels.cpp.o shows
/// packed adds (`paddq` on x86-64, `add v.2d` on arm64) in read_bits_sum.

#include <cstddef>
#include <cstdint>

namespace winml::perf {

/// Sum, modulo 2^64, of the bit patterns of data[0..n) read as 64-bit integers. Integer addition is
/// associative, so the compiler may split the sum over vector lanes and several accumulators on its
/// own (a floating-point sum it may not reorder without -ffast-math): the loop runs as fast as
/// memory delivers, not as fast as one chain of dependent additions retires. The caller checks the
/// sum against the values it wrote, which also keeps the loop from being optimised away.
std::uint64_t read_bits_sum(const double* data, std::size_t n);

/// The STREAM triad, a[i] = b[i] + scalar * c[i] for i in [0, n).
void triad(double* a, const double* b, const double* c, double scalar, std::size_t n);

}  // namespace winml::perf
