#pragma once
/// \file
/// Block quantization of a float matrix into the layout of com.microsoft MatMulNBits (bits = 4,
/// no zero_points input, so the implied zero point is 8).

#include <cstdint>
#include <vector>

namespace winml::synth {

/// A K x N weight quantized for MatMulNBits.
struct Int4Matrix {
  std::int64_t k = 0;                ///< input features
  std::int64_t n = 0;                ///< output features
  std::int64_t blocks_per_row = 0;   ///< ceil(k / block_size)
  std::vector<std::uint8_t> packed;  ///< [n, blocks_per_row, block_size / 2], low nibble first
  std::vector<float> scales;         ///< [n, blocks_per_row]
};

/// Quantizes `weights`, a row-major K x N matrix as MatMul's B input holds it, symmetrically per
/// block of `block_size` values along K: scale = max|w| / 7, q = clamp(round(w / scale) + 8, 0, 15).
/// MatMulNBits wants the transpose (one row per output feature), which this produces.
Int4Matrix quantize_int4(const std::vector<float>& weights, std::int64_t k, std::int64_t n, std::int64_t block_size);

}  // namespace winml::synth
