#include "synth/int4_quantizer.h"

#include <algorithm>
#include <cmath>

namespace winml::synth {
namespace {

// Row-major K x N -> row-major N x K, in tiles so both sides stay in cache (an lm_head is
// hundreds of MB; a naive strided walk would miss the cache on every read).
std::vector<float> transpose(const std::vector<float>& w, std::int64_t k, std::int64_t n) {
  constexpr std::int64_t kTile = 64;
  std::vector<float> t(w.size());
  for (std::int64_t r0 = 0; r0 < k; r0 += kTile) {
    for (std::int64_t c0 = 0; c0 < n; c0 += kTile) {
      const std::int64_t r1 = std::min(k, r0 + kTile);
      const std::int64_t c1 = std::min(n, c0 + kTile);
      for (std::int64_t r = r0; r < r1; ++r) {
        for (std::int64_t c = c0; c < c1; ++c) {
          t[static_cast<std::size_t>(c * k + r)] = w[static_cast<std::size_t>(r * n + c)];
        }
      }
    }
  }
  return t;
}

}  // namespace

Int4Matrix quantize_int4(const std::vector<float>& weights, std::int64_t k, std::int64_t n, std::int64_t block_size) {
  Int4Matrix out;
  out.k = k;
  out.n = n;
  out.blocks_per_row = (k + block_size - 1) / block_size;
  const std::int64_t blob = block_size / 2;
  out.packed.assign(static_cast<std::size_t>(n * out.blocks_per_row * blob), 0);
  out.scales.assign(static_cast<std::size_t>(n * out.blocks_per_row), 0.0f);
  const std::vector<float> rows = transpose(weights, k, n);

  for (std::int64_t col = 0; col < n; ++col) {
    const float* src = &rows[static_cast<std::size_t>(col * k)];
    for (std::int64_t b = 0; b < out.blocks_per_row; ++b) {
      const std::int64_t begin = b * block_size;
      const std::int64_t end = std::min(k, begin + block_size);
      float max_abs = 0.0f;
      for (std::int64_t i = begin; i < end; ++i) max_abs = std::max(max_abs, std::fabs(src[i]));
      // An all-zero block keeps scale 1 so quantizing never divides by zero.
      const float scale = max_abs > 0.0f ? max_abs / 7.0f : 1.0f;
      const std::size_t block_index = static_cast<std::size_t>(col * out.blocks_per_row + b);
      out.scales[block_index] = scale;
      std::uint8_t* dst = &out.packed[block_index * static_cast<std::size_t>(blob)];
      // Positions past K (a partial last block) stay at the zero point 8, i.e. value 0.
      for (std::int64_t i = 0; i < block_size; ++i) {
        long q = 8;
        if (begin + i < end) q = std::clamp(std::lround(src[begin + i] / scale) + 8, 0L, 15L);
        dst[i / 2] |= static_cast<std::uint8_t>(i % 2 == 0 ? q : q << 4);
      }
    }
  }
  return out;
}

}  // namespace winml::synth
