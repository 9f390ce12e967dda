#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "synth/random_weights.h"

namespace winml::synth {
namespace {

std::vector<float> draw(const RandomWeights& w, const char* name, std::size_t n, float bound) {
  std::vector<float> out(n);
  w.fill_uniform(name, bound, out);
  return out;
}

TEST(RandomWeights, SameSeedAndNameGiveTheSameValues) {
  EXPECT_EQ(draw(RandomWeights(3), "a", 1001, 0.5f), draw(RandomWeights(3), "a", 1001, 0.5f));
}

TEST(RandomWeights, StreamsDependOnSeedAndName) {
  EXPECT_NE(draw(RandomWeights(3), "a", 64, 0.5f), draw(RandomWeights(4), "a", 64, 0.5f));
  EXPECT_NE(draw(RandomWeights(3), "a", 64, 0.5f), draw(RandomWeights(3), "b", 64, 0.5f));
}

TEST(RandomWeights, ValuesDoNotDependOnTheOrderTensorsAreMade) {
  RandomWeights w(9);
  auto first = draw(w, "layer.1", 100, 1.0f);
  draw(w, "layer.0", 100, 1.0f);
  EXPECT_EQ(draw(w, "layer.1", 100, 1.0f), first);
}

TEST(RandomWeights, UniformCoversTheRangeWithTheRightSpread) {
  auto v = draw(RandomWeights(1), "x", 100000, 2.0f);
  EXPECT_GE(*std::min_element(v.begin(), v.end()), -2.0f);
  EXPECT_LT(*std::max_element(v.begin(), v.end()), 2.0f);
  double sum = 0, sq = 0;
  for (float f : v) sum += f, sq += static_cast<double>(f) * f;
  const double mean = sum / v.size();
  const double var = sq / v.size() - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.02);
  EXPECT_NEAR(var, 4.0 / 3.0, 0.02);  // uniform(-b, b) has variance b^2 / 3
}

TEST(RandomWeights, NearOneStaysNearOne) {
  auto v = RandomWeights(1).near_one("g", 10000);
  EXPECT_GE(*std::min_element(v.begin(), v.end()), 0.9f);
  EXPECT_LE(*std::max_element(v.begin(), v.end()), 1.1f);
  EXPECT_NE(v[0], v[1]);
}

TEST(RandomWeights, KnownValuesPinTheFormat) {
  // Pinned values: a change here changes every synthetic bundle, which must be deliberate.
  auto v = draw(RandomWeights(0), "model.embed_tokens.weight", 3, 1.0f);
  EXPECT_EQ(v, (std::vector<float>{0x1.70e3ap-2f, 0x1.4cd2e8p-2f, 0x1.690cep-2f}));
  for (float f : v) EXPECT_EQ(f * 8388608.0f, std::round(f * 8388608.0f));  // multiples of 2^-23
}

}  // namespace
}  // namespace winml::synth
