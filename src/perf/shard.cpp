#include "perf/shard.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <stdexcept>

#include "util/plural.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// A whole number of decimal digits only (no sign, space or exponent, which from_chars or stoul
// would accept in part), or nullopt. More than 9 digits is out of every range here: it reads as
// the largest value, so that the range check names it, and never overflows.
std::optional<std::size_t> whole_number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  if (text.size() > 9) return std::numeric_limits<std::size_t>::max();
  std::size_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

}  // namespace

Shard parse_shard(std::string_view text) {
  const std::string shown(text);
  const std::size_t slash = text.find('/');
  const auto k = whole_number(text.substr(0, slash));
  // No slash: no N (an empty number is none).
  const auto n = whole_number(slash == std::string_view::npos ? std::string_view{} : text.substr(slash + 1));
  if (!k || !n) {
    throw UsageError(fmt::format(
        "--shard {}: expected K/N, two whole numbers, e.g. --shard 2/4 for the second of 4 slices of the sweep",
        shown));
  }
  if (*n < 1 || *n > kMaxShardCount) {
    throw UsageError(
        fmt::format("--shard {}: N (the number of shards) must be between 1 and {}", shown, kMaxShardCount));
  }
  if (*k < 1 || *k > *n) {
    throw UsageError(
        fmt::format("--shard {}: K must be between 1 and N (shards are numbered from 1; under a Kubernetes Indexed Job "
                    "pass $((JOB_COMPLETION_INDEX + 1))/N)",
                    shown));
  }
  return {*k, *n};
}

std::string to_string(const Shard& shard) { return fmt::format("{}/{}", shard.index, shard.count); }

ShardSlice shard_slice(const Shard& shard, std::size_t combinations) {
  if (shard.index < 1 || shard.index > shard.count) {
    throw std::logic_error("shard_slice: a shard outside 1..N, which parse_shard never returns");
  }
  if (shard.count > combinations) {
    throw UsageError(fmt::format(
        "--shard {}: the sweep has {}, fewer than the {} shards, so some shards would measure nothing; use at most "
        "{}",
        to_string(shard), count_of(combinations, "combination"), shard.count, count_of(combinations, "shard")));
  }
  // The first `longer` slices hold one combination more than the rest.
  const std::size_t base = combinations / shard.count;
  const std::size_t longer = combinations % shard.count;
  const std::size_t before = shard.index - 1;
  const std::size_t begin = before * base + std::min(before, longer);
  return {begin, begin + base + (before < longer ? 1 : 0)};
}

}  // namespace winml::perf
