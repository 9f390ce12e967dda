#include "synth/random_weights.h"

#include <random>

namespace winml::synth {
namespace {

// 24 random bits centred on zero: an integer in [-2^23, 2^23), exactly representable as float.
constexpr int kBits = 24;
constexpr std::int32_t kHalf = 1 << (kBits - 1);
constexpr float kHalfRange = static_cast<float>(kHalf);

std::int32_t centred(std::uint64_t bits) { return static_cast<std::int32_t>(bits & ((1u << kBits) - 1)) - kHalf; }

// SplitMix64 finaliser: spreads nearby (seed, name) pairs over unrelated engine seeds.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

std::uint64_t RandomWeights::stream_seed(std::string_view name) const {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : name) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return mix(hash ^ mix(seed_));
}

void RandomWeights::fill_uniform(std::string_view name, float bound, std::vector<float>& out) const {
  std::mt19937_64 engine(stream_seed(name));
  // One multiplication per value: no addition the compiler could fuse into an FMA, so the bytes
  // do not depend on the target's instruction set. Each 64-bit draw yields two values (its top
  // and next 24 bits), halving the generator's share of writing a large model.
  const float step = bound / kHalfRange;
  const std::size_t n = out.size();
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    const std::uint64_t bits = engine();
    out[i] = static_cast<float>(centred(bits >> 40)) * step;
    out[i + 1] = static_cast<float>(centred(bits >> 16)) * step;
  }
  if (i < n) out[i] = static_cast<float>(centred(engine() >> 40)) * step;
}

std::vector<float> RandomWeights::near_one(std::string_view name, std::size_t count) const {
  std::mt19937_64 engine(stream_seed(name));
  // (2^23 + u/10) * 2^-23 with u in [-2^23, 2^23): the sum is an exact integer below 2^24 and the
  // scaling is a power of two, so every platform gets the same float.
  constexpr std::int32_t kOne = 1 << 23;
  constexpr float kInvOne = 1.0f / static_cast<float>(kOne);
  std::vector<float> values(count);
  // NOLINTNEXTLINE(bugprone-integer-division): integer on purpose, see above
  for (auto& v : values) v = static_cast<float>(kOne + centred(engine() >> 40) / 10) * kInvOne;
  return values;
}

}  // namespace winml::synth
