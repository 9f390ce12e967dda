#include "merge/shard_coverage.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml::merge {
namespace {

using Claims = std::vector<ShardClaim>;
using Messages = std::vector<std::string>;

// Two sweeps: the claims of one are checked apart from the other's.
const document::SweepIdentity kSweepS(nlohmann::ordered_json{{"axes", {"threads"}}});
const document::SweepIdentity kSweepT(nlohmann::ordered_json{{"axes", {"depth"}}});

TEST(ShardCoverage, EveryShardOnceIsComplete) {
  const Claims claims = {{"c.json", kSweepS, {3, 3}}, {"a.json", kSweepS, {1, 3}}, {"b.json", kSweepS, {2, 3}}};
  EXPECT_TRUE(check_shard_coverage(claims).complete());
}

TEST(ShardCoverage, MissingShardsAreNamedWithTheFilesOfTheirSweep) {
  const ShardCoverage one = check_shard_coverage({{"a.json", kSweepS, {1, 3}}, {"b.json", kSweepS, {2, 3}}});
  EXPECT_TRUE(one.duplicated.empty());
  EXPECT_EQ(one.missing, (Messages{"shard 3/3 of the sweep in a.json, b.json is missing"}));
  const ShardCoverage three = check_shard_coverage({{"b.json", kSweepS, {3, 5}}, {"a.json", kSweepS, {1, 5}}});
  EXPECT_EQ(three.missing, (Messages{"shards 2/5, 4/5 and 5/5 of the sweep in b.json, a.json are missing"}));
}

TEST(ShardCoverage, AShardInTwoFilesIsDuplicated) {
  const ShardCoverage coverage =
      check_shard_coverage({{"a.json", kSweepS, {1, 2}}, {"b.json", kSweepS, {2, 2}}, {"c.json", kSweepS, {2, 2}}});
  EXPECT_TRUE(coverage.missing.empty());
  EXPECT_EQ(coverage.duplicated, (Messages{"shard 2/2 of one sweep is in each of b.json, c.json"}));
}

// Two shards from one file (a report merged before) are not a duplicate of each other.
TEST(ShardCoverage, OneFileMayHoldSeveralShards) {
  EXPECT_TRUE(
      check_shard_coverage({{"ab.json", kSweepS, {1, 3}}, {"ab.json", kSweepS, {2, 3}}, {"c.json", kSweepS, {3, 3}}})
          .complete());
}

// Sweeps differ by their identity and by their shard count: shard 1/2 of one and 2/2 of another do
// not make a whole, and the same shard of two different sweeps is no duplicate.
TEST(ShardCoverage, SweepsAreToldApartByIdentityAndCount) {
  const ShardCoverage apart = check_shard_coverage({{"a.json", kSweepS, {1, 2}}, {"b.json", kSweepT, {2, 2}}});
  EXPECT_EQ(apart.missing,
            (Messages{"shard 2/2 of the sweep in a.json is missing", "shard 1/2 of the sweep in b.json is missing"}));
  EXPECT_TRUE(apart.duplicated.empty());
  const ShardCoverage counts = check_shard_coverage({{"a.json", kSweepS, {1, 2}}, {"b.json", kSweepS, {2, 3}}});
  EXPECT_EQ(counts.missing.size(), 2u);
}

// Whole sweeps are how machines are compared: any number of them, never a problem.
TEST(ShardCoverage, WholeSweepsAreNeverAProblem) {
  EXPECT_TRUE(check_shard_coverage({{"a.json", kSweepS, {1, 1}}, {"b.json", kSweepS, {1, 1}}}).complete());
  EXPECT_TRUE(check_shard_coverage({}).complete());
}

// One shard of 5000 given leaves 4999 to name: the first ten, then a count (was a 119 KB message).
TEST(ShardCoverage, LongListsAreSummarised) {
  const ShardCoverage one = check_shard_coverage({{"a.json", kSweepS, {1, 5000}}});
  ASSERT_EQ(one.missing.size(), 1u);
  EXPECT_EQ(one.missing[0],
            "shards 2/5000, 3/5000, 4/5000, 5/5000, 6/5000, 7/5000, 8/5000, 9/5000, 10/5000, 11/5000 and 4989 more "
            "of the sweep in a.json are missing");
  Claims many;
  for (std::size_t i = 1; i <= 12; ++i) many.push_back({"f" + std::to_string(i) + ".json", kSweepS, {i, 13}});
  const ShardCoverage files = check_shard_coverage(many);
  ASSERT_EQ(files.missing.size(), 1u);
  EXPECT_NE(files.missing[0].find("in f1.json, f2.json, "), std::string::npos) << files.missing[0];
  EXPECT_NE(files.missing[0].find("f10.json and 2 more files is missing"), std::string::npos) << files.missing[0];
}

TEST(ShardCoverage, FileNamesArePrintable) {
  const ShardCoverage one = check_shard_coverage({{"a\x1b]0;x\x07.json", kSweepS, {1, 2}}});
  EXPECT_EQ(one.missing, (Messages{"shard 2/2 of the sweep in a\\x1b]0;x\\x07.json is missing"}));
}

}  // namespace
}  // namespace winml::merge
