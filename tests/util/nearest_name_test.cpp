#include "util/nearest_name.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml {
namespace {

const std::vector<std::string> kCommands = {"generate", "perf", "compile", "sys", "bundle"};
const std::vector<std::string> kFlags = {"--iterations", "--warmup", "--max-iterations", "--model", "-m", "--html"};

TEST(NearestName, EditDistanceCountsASwapAsOne) {
  EXPECT_EQ(edit_distance("pref", "perf"), 1u);
  EXPECT_EQ(edit_distance("perf", "perf"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("--iteration", "--iterations"), 1u);
}

TEST(NearestName, SuggestsTheLikelyCommand) {
  EXPECT_EQ(nearest_name("pref", kCommands), "perf");
  EXPECT_EQ(nearest_name("generat", kCommands), "generate");
  EXPECT_EQ(nearest_name("complie", kCommands), "compile");
  EXPECT_EQ(nearest_name("SYS", kCommands), "sys");
  EXPECT_EQ(nearest_name("bund", kCommands), "bundle");  // the only one it begins
}

TEST(NearestName, SuggestsTheLikelyFlag) {
  EXPECT_EQ(nearest_name("--iteration", kFlags), "--iterations");
  EXPECT_EQ(nearest_name("--warmpu", kFlags), "--warmup");
  EXPECT_EQ(nearest_name("--modle", kFlags), "--model");
  EXPECT_EQ(nearest_name("--max-iter", kFlags), "--max-iterations");
}

TEST(NearestName, SuggestsNothingFarOff) {
  EXPECT_EQ(nearest_name("frobnicate", kCommands), std::nullopt);
  EXPECT_EQ(nearest_name("xyz", kCommands), std::nullopt);
  EXPECT_EQ(nearest_name("--frobnicate", kFlags), std::nullopt);
  EXPECT_EQ(nearest_name("anything", {}), std::nullopt);
  // "--it" begins two names (after dashes, too short anyway) and is far from both.
  EXPECT_EQ(nearest_name("--it", kFlags), std::nullopt);
}

TEST(NearestName, AShortWordGetsOneEditAtMost) {
  EXPECT_EQ(nearest_name("pf", kCommands), std::nullopt);
  EXPECT_EQ(nearest_name("sy", kCommands), "sys");
}

}  // namespace
}  // namespace winml
