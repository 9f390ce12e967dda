#include "document/report_identity.h"

#include <gtest/gtest.h>

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

TEST(ReportIdentity, SameMeaningIgnoresKeyOrderOnly) {
  const Json a = {{"stddev", "n-1"}, {"percentile", {{"kind", "nearest"}, {"base", 1}}}};
  const Json b = {{"percentile", {{"base", 1}, {"kind", "nearest"}}}, {"stddev", "n-1"}};
  ASSERT_NE(a, b) << "as ordered objects they differ";
  EXPECT_TRUE(same_meaning(a, b));
  EXPECT_FALSE(same_meaning(a, Json{{"stddev", "n"}, {"percentile", {{"kind", "nearest"}, {"base", 1}}}}));
  EXPECT_FALSE(same_meaning(Json::array({1, 2}), Json::array({2, 1}))) << "an array's order is its meaning";
}

TEST(ReportIdentity, ASweepIsItselfWhateverItsShardAndKeyOrder) {
  const Json sweep = {{"axes", {{{"name", "threads"}, {"values", {1, 2}}}}}, {"combinations", 2}};
  Json shard = sweep;
  shard["shard"] = {{"index", 1}, {"count", 2}};
  const Json reordered = {{"combinations", 2}, {"axes", {{{"values", {1, 2}}, {"name", "threads"}}}}};
  EXPECT_EQ(SweepIdentity(sweep), SweepIdentity(shard));
  EXPECT_EQ(SweepIdentity(sweep), SweepIdentity(reordered));
  const Json other = {{"axes", {{{"name", "threads"}, {"values", {1, 4}}}}}, {"combinations", 2}};
  EXPECT_NE(SweepIdentity(sweep), SweepIdentity(other));
  EXPECT_TRUE(SweepIdentity(sweep) < SweepIdentity(other) || SweepIdentity(other) < SweepIdentity(sweep));
}

}  // namespace
}  // namespace winml::document
