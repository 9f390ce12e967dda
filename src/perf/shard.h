#pragma once
/// \file
/// `winml perf --shard K/N`: one of N disjoint slices of a sweep's combinations, so that N
/// processes (one per device, on a fleet) together measure every combination exactly once.
/// docs/fleet.md shows it under a Kubernetes Indexed Job and a Slurm job array.

#include <cstddef>
#include <string>
#include <string_view>

namespace winml::perf {

/// Most slices a sweep may be cut into: far beyond any fleet one benchmark needs, and small enough
/// that a typo (an extra digit) is caught rather than turned into thousands of empty shards.
inline constexpr std::size_t kMaxShardCount = 10000;

/// The K-th (index, from 1) of N (count) slices. {1, 1} is the whole sweep.
struct Shard {
  std::size_t index = 1;
  std::size_t count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

/// The shard of a --shard value "K/N": two whole numbers, 1 <= K <= N <= kMaxShardCount. Throws
/// winml::UsageError naming the value and the fix otherwise ("3/2", "0/4", "a/b", "1/0").
Shard parse_shard(std::string_view text);

/// "K/N", as --shard takes it.
std::string to_string(const Shard& shard);

/// Combinations [begin, end) of a sweep, by their index in sweep order.
struct ShardSlice {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
};

/// The combinations of `shard` among `combinations` in sweep order. The slices are contiguous, so a
/// shard loads as few distinct load-time settings (EP, device, threads) as the split allows; their
/// sizes differ by at most one (the first combinations % N slices have one more), and together the
/// N slices cover every combination exactly once. Throws winml::UsageError when the shard would be
/// empty (N greater than the number of combinations): a process that measures nothing is a
/// mistake in the fleet's set-up, better reported at once than found as a hole after the merge.
ShardSlice shard_slice(const Shard& shard, std::size_t combinations);

}  // namespace winml::perf
