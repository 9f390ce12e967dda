#include "synth/random_weights.h"

#include <random>

namespace winml::synth {
namespace {

// 24 random bits centred on zero: an integer in [-2^23, 2^23), exactly representable as float.
constexpr int kBits = 24;
constexpr float kHalfRange = static_cast<float>(1 << (kBits - 1));

std::int32_t centred_bits(std::mt19937_64& engine) {
  return static_cast<std::int32_t>(engine() >> (64 - kBits)) - (1 << (kBits - 1));
}

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

std::vector<float> RandomWeights::uniform(std::string_view name, std::size_t count, float bound) const {
  std::mt19937_64 engine(stream_seed(name));
  // One multiplication per value: no addition the compiler could fuse into an FMA, so the bytes
  // do not depend on the target's instruction set.
  const float step = bound / kHalfRange;
  std::vector<float> values(count);
  for (auto& v : values) v = static_cast<float>(centred_bits(engine)) * step;
  return values;
}

std::vector<float> RandomWeights::near_one(std::string_view name, std::size_t count) const {
  std::mt19937_64 engine(stream_seed(name));
  // (2^23 + u/10) * 2^-23 with u in [-2^23, 2^23): the sum is an exact integer below 2^24 and the
  // scaling is a power of two, so every platform gets the same float.
  constexpr std::int32_t kOne = 1 << 23;
  constexpr float kInvOne = 1.0f / static_cast<float>(kOne);
  std::vector<float> values(count);
  for (auto& v : values) v = static_cast<float>(kOne + centred_bits(engine) / 10) * kInvOne;
  return values;
}

}  // namespace winml::synth
