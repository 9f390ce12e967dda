#pragma once
/// \file
/// Deterministic random weights. Each tensor draws from its own std::mt19937_64 stream seeded from
/// (seed, tensor name), so a tensor's values do not depend on which other tensors were made first:
/// the plain and the pipeline bundle of one seed get identical weights.

#include <cstdint>
#include <string_view>
#include <vector>

namespace winml::synth {

/// Makes the random tensors of one bundle.
class RandomWeights {
 public:
  /// All tensors of one bundle share the seed.
  explicit RandomWeights(std::uint64_t seed) : seed_(seed) {}

  /// Overwrites every element of `out` with values uniform in [-bound, bound). Bit-identical on
  /// every IEEE-754 platform: each value is an integer times one float factor, computed with a
  /// single multiplication. Filling a caller's buffer lets multi-GB models reuse one allocation.
  void fill_uniform(std::string_view name, float bound, std::vector<float>& out) const;

  /// `count` values in [0.9, 1.1]: RMSNorm gains that are not all exactly one.
  std::vector<float> near_one(std::string_view name, std::size_t count) const;

  /// The 64-bit seed of the stream for `name` (FNV-1a of the name mixed with the bundle seed).
  std::uint64_t stream_seed(std::string_view name) const;

 private:
  std::uint64_t seed_;
};

}  // namespace winml::synth
