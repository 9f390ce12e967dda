#include "perf/shard.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "winml/errors.h"

namespace winml::perf {
namespace {

// The message of the UsageError that parsing `text` throws ("" when it parses).
std::string shard_refusal(const std::string& text) {
  try {
    parse_shard(text);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(Shard, ParsesKOfN) {
  EXPECT_EQ(parse_shard("1/1"), (Shard{1, 1}));
  EXPECT_EQ(parse_shard("2/4"), (Shard{2, 4}));
  EXPECT_EQ(parse_shard("4/4"), (Shard{4, 4}));
  EXPECT_EQ(parse_shard("07/10"), (Shard{7, 10}));
  EXPECT_EQ(parse_shard("10000/10000"), (Shard{10000, 10000}));
  EXPECT_EQ(to_string(Shard{3, 8}), "3/8");
}

TEST(Shard, BadValuesAreUsageErrorsNamingTheValueAndTheFix) {
  EXPECT_NE(shard_refusal("3/2").find("--shard 3/2: K must be between 1 and N"), std::string::npos);
  EXPECT_NE(shard_refusal("0/4").find("--shard 0/4: K must be between 1 and N"), std::string::npos);
  EXPECT_NE(shard_refusal("0/4").find("JOB_COMPLETION_INDEX + 1"), std::string::npos);
  EXPECT_NE(shard_refusal("1/0").find("--shard 1/0: N (the number of shards) must be between 1 and 10000"),
            std::string::npos);
  EXPECT_NE(shard_refusal("1/10001").find("between 1 and 10000"), std::string::npos);
  EXPECT_NE(shard_refusal("1/99999999999999999999").find("between 1 and 10000"), std::string::npos);  // no overflow
  EXPECT_NE(shard_refusal("99999999999999999999/4").find("K must be between 1 and N"), std::string::npos);
  for (const char* bad :
       {"a/b", "", "/", "1", "1/", "/4", "1/4/5", "-1/4", "+1/4", "1 /4", "1/4 ", "1.5/4", "1/0x4", "1e1/20"}) {
    EXPECT_NE(shard_refusal(bad).find("expected K/N, two whole numbers, e.g. --shard 2/4"), std::string::npos) << bad;
  }
}

TEST(Shard, SlicesAreContiguousInSweepOrderAndDifferByAtMostOne) {
  // 10 combinations in 4 shards: 3, 3, 2, 2.
  const std::vector<std::pair<std::size_t, std::size_t>> expected = {{0, 3}, {3, 6}, {6, 8}, {8, 10}};
  for (std::size_t k = 1; k <= 4; ++k) {
    const ShardSlice slice = shard_slice({k, 4}, 10);
    EXPECT_EQ(slice.begin, expected[k - 1].first) << k;
    EXPECT_EQ(slice.end, expected[k - 1].second) << k;
  }
  const ShardSlice whole = shard_slice({1, 1}, 7);
  EXPECT_EQ(whole.begin, 0u);
  EXPECT_EQ(whole.end, 7u);
}

// For every sweep size up to 64 and every shard count it allows, the N slices are disjoint, cover
// every combination exactly once, come in sweep order, and their sizes differ by at most one.
TEST(Shard, EveryCombinationIsInExactlyOneShard) {
  for (std::size_t combinations = 1; combinations <= 64; ++combinations) {
    for (std::size_t n = 1; n <= combinations; ++n) {
      std::vector<int> covered(combinations, 0);
      std::size_t next = 0;
      std::size_t smallest = combinations;
      std::size_t largest = 0;
      for (std::size_t k = 1; k <= n; ++k) {
        const ShardSlice slice = shard_slice({k, n}, combinations);
        ASSERT_EQ(slice.begin, next) << combinations << " in " << n << ", shard " << k;  // contiguous, in order
        ASSERT_GE(slice.size(), 1u);
        for (std::size_t i = slice.begin; i < slice.end; ++i) ++covered[i];
        next = slice.end;
        smallest = std::min(smallest, slice.size());
        largest = std::max(largest, slice.size());
      }
      EXPECT_EQ(next, combinations);
      EXPECT_LE(largest - smallest, 1u) << combinations << " in " << n;
      for (std::size_t i = 0; i < combinations; ++i) {
        ASSERT_EQ(covered[i], 1) << "combination " << i << " of " << combinations << " in " << n << " shards";
      }
    }
  }
}

TEST(Shard, MoreShardsThanCombinationsIsAUsageError) {
  try {
    shard_slice({5, 8}, 3);
    FAIL() << "an empty shard was accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--shard 5/8: the sweep has 3 combinations, fewer than the 8 shards, so some shards would measure "
                 "nothing; use at most 3 shards");
  }
  // Also the shards that would not be empty: the set-up is wrong for all of them alike.
  EXPECT_THROW(shard_slice({1, 2}, 1), UsageError);
}

}  // namespace
}  // namespace winml::perf
