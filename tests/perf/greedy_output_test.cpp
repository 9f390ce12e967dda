#include "perf/greedy_output.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

GenerationTiming timing_generating(std::vector<std::int32_t> ids) {
  GenerationTiming t;
  t.token_ids = std::move(ids);
  return t;
}

TEST(IdsDigest, IsFnv1aOfTheLittleEndianIds) {
  // FNV-1a 64 of no bytes is its offset basis.
  EXPECT_EQ(ids_digest({}), "cbf29ce484222325");
  // One id is its four bytes, lowest first: 1 is "\x01\0\0\0", not "\0\0\0\x01".
  EXPECT_NE(ids_digest({1}), ids_digest({16777216}));
  EXPECT_EQ(ids_digest({1, 2}), ids_digest({1, 2}));
  EXPECT_NE(ids_digest({1, 2}), ids_digest({2, 1}));
  EXPECT_EQ(ids_digest({1}).size(), 16u);
}

TEST(GreedyOutputRecord, KeepsTheFirstIdsAndDigestsThemAll) {
  std::vector<std::int32_t> ids;
  for (int i = 0; i < 40; ++i) ids.push_back(i * 3);
  GenerationTiming t = timing_generating(ids);
  t.first_top_logits = {{0, 2.5F}, {7, 1.0F}};
  const GreedyOutput out = greedy_output(t, false, ReferenceGeneration::timed);
  EXPECT_EQ(out.tokens, 40);
  EXPECT_EQ(out.digest, ids_digest(ids));
  ASSERT_EQ(out.first_ids.size(), kKeptOutputIds);
  EXPECT_EQ(out.first_ids.back(), 31 * 3);
  ASSERT_EQ(out.first_step_top.size(), 2u);
  EXPECT_EQ(out.first_step_top[0].logit, 2.5F);
  EXPECT_EQ(out.generation, ReferenceGeneration::timed);
  EXPECT_FALSE(out.sampling);
}

TEST(GreedyOutputRecord, ShortGenerationKeepsAllItsIds) {
  const GreedyOutput out = greedy_output(timing_generating({4, 5}), true, ReferenceGeneration::warmup);
  EXPECT_EQ(out.first_ids, (std::vector<std::int32_t>{4, 5}));
  EXPECT_TRUE(out.sampling);
  EXPECT_STREQ(to_string(out.generation), "warmup");
}

}  // namespace
}  // namespace winml::perf
