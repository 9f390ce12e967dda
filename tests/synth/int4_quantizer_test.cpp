#include <gtest/gtest.h>

#include <cmath>

#include "synth/int4_quantizer.h"

namespace winml::synth {
namespace {

// Dequantizes element (row k, column n) of the original K x N matrix.
float dequant(const Int4Matrix& q, std::int64_t k, std::int64_t n, std::int64_t block) {
  const std::int64_t b = k / block;
  const std::int64_t i = k % block;
  const std::uint8_t byte = q.packed[static_cast<std::size_t>((n * q.blocks_per_row + b) * (block / 2) + i / 2)];
  const int nibble = i % 2 == 0 ? (byte & 0x0F) : (byte >> 4);
  return static_cast<float>(nibble - 8) * q.scales[static_cast<std::size_t>(n * q.blocks_per_row + b)];
}

TEST(Int4Quantizer, LayoutIsOneRowPerOutputFeature) {
  const std::int64_t k = 64, n = 3, block = 32;
  std::vector<float> w(k * n);
  for (std::int64_t r = 0; r < k; ++r)
    for (std::int64_t c = 0; c < n; ++c) w[r * n + c] = static_cast<float>((r * 7 + c * 3) % 15) - 7.0f;
  const Int4Matrix q = quantize_int4(w, k, n, block);
  ASSERT_EQ(q.blocks_per_row, 2);
  ASSERT_EQ(q.packed.size(), static_cast<std::size_t>(n * 2 * 16));
  ASSERT_EQ(q.scales.size(), static_cast<std::size_t>(n * 2));
  // Integers in [-7, 7] with max |w| = 7 per block quantize exactly (scale 1).
  for (std::int64_t r = 0; r < k; ++r)
    for (std::int64_t c = 0; c < n; ++c) EXPECT_EQ(dequant(q, r, c, block), w[r * n + c]) << r << "," << c;
}

TEST(Int4Quantizer, ErrorIsAtMostHalfAStep) {
  const std::int64_t k = 96, n = 5, block = 32;
  std::vector<float> w(k * n);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::sin(static_cast<float>(i) * 0.37f);
  const Int4Matrix q = quantize_int4(w, k, n, block);
  for (std::int64_t r = 0; r < k; ++r) {
    for (std::int64_t c = 0; c < n; ++c) {
      const float scale = q.scales[static_cast<std::size_t>(c * q.blocks_per_row + r / block)];
      EXPECT_LE(std::fabs(dequant(q, r, c, block) - w[r * n + c]), scale / 2 + 1e-6f);
    }
  }
}

TEST(Int4Quantizer, PartialLastBlockPadsWithZero) {
  const std::int64_t k = 40, n = 1, block = 32;
  std::vector<float> w(k, 1.0f);
  const Int4Matrix q = quantize_int4(w, k, n, block);
  ASSERT_EQ(q.blocks_per_row, 2);
  for (std::int64_t i = k; i < 2 * block; ++i) EXPECT_EQ(dequant(q, i, 0, block), 0.0f);
}

TEST(Int4Quantizer, ZeroBlockKeepsAUsableScale) {
  const Int4Matrix q = quantize_int4(std::vector<float>(32, 0.0f), 32, 1, 32);
  EXPECT_EQ(q.scales[0], 1.0f);
  EXPECT_EQ(dequant(q, 5, 0, 32), 0.0f);
}

}  // namespace
}  // namespace winml::synth
