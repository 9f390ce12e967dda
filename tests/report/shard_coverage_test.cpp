#include "report/shard_coverage.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml::report {
namespace {

using Claims = std::vector<ShardClaim>;
using Messages = std::vector<std::string>;

TEST(ShardCoverage, EveryShardOnceIsComplete) {
  const Claims claims = {{"c.json", "s", {3, 3}}, {"a.json", "s", {1, 3}}, {"b.json", "s", {2, 3}}};
  EXPECT_TRUE(check_shard_coverage(claims).complete());
}

TEST(ShardCoverage, MissingShardsAreNamedWithTheFilesOfTheirSweep) {
  const ShardCoverage one = check_shard_coverage({{"a.json", "s", {1, 3}}, {"b.json", "s", {2, 3}}});
  EXPECT_TRUE(one.duplicated.empty());
  EXPECT_EQ(one.missing, (Messages{"shard 3/3 of the sweep in a.json, b.json is missing"}));
  const ShardCoverage three = check_shard_coverage({{"b.json", "s", {3, 5}}, {"a.json", "s", {1, 5}}});
  EXPECT_EQ(three.missing, (Messages{"shards 2/5, 4/5 and 5/5 of the sweep in b.json, a.json are missing"}));
}

TEST(ShardCoverage, AShardInTwoFilesIsDuplicated) {
  const ShardCoverage coverage =
      check_shard_coverage({{"a.json", "s", {1, 2}}, {"b.json", "s", {2, 2}}, {"c.json", "s", {2, 2}}});
  EXPECT_TRUE(coverage.missing.empty());
  EXPECT_EQ(coverage.duplicated, (Messages{"shard 2/2 of one sweep is in each of b.json, c.json"}));
}

// Two shards from one file (a report merged before) are not a duplicate of each other.
TEST(ShardCoverage, OneFileMayHoldSeveralShards) {
  EXPECT_TRUE(
      check_shard_coverage({{"ab.json", "s", {1, 3}}, {"ab.json", "s", {2, 3}}, {"c.json", "s", {3, 3}}}).complete());
}

// Sweeps differ by their identity and by their shard count: shard 1/2 of one and 2/2 of another do
// not make a whole, and the same shard of two different sweeps is no duplicate.
TEST(ShardCoverage, SweepsAreToldApartByIdentityAndCount) {
  const ShardCoverage apart = check_shard_coverage({{"a.json", "s", {1, 2}}, {"b.json", "t", {2, 2}}});
  EXPECT_EQ(apart.missing,
            (Messages{"shard 2/2 of the sweep in a.json is missing", "shard 1/2 of the sweep in b.json is missing"}));
  EXPECT_TRUE(apart.duplicated.empty());
  const ShardCoverage counts = check_shard_coverage({{"a.json", "s", {1, 2}}, {"b.json", "s", {2, 3}}});
  EXPECT_EQ(counts.missing.size(), 2u);
}

// Whole sweeps are how machines are compared: any number of them, never a problem.
TEST(ShardCoverage, WholeSweepsAreNeverAProblem) {
  EXPECT_TRUE(check_shard_coverage({{"a.json", "s", {1, 1}}, {"b.json", "s", {1, 1}}}).complete());
  EXPECT_TRUE(check_shard_coverage({}).complete());
}

}  // namespace
}  // namespace winml::report
