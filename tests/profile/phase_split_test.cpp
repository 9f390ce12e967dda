// Splitting a stage's session runs into generations, prefill and decode.
#include "profile/phase_split.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::profile {
namespace {

StageTrace split_stage(const std::string& name, std::size_t runs, bool token_gen = true) {
  StageTrace t{name, token_gen, {}};
  for (std::size_t i = 0; i < runs; ++i) t.runs.push_back({name, static_cast<double>(i), 1, {}});
  return t;
}

TEST(PhaseSplit, LastGenerationPrefillThenDecode) {
  // Two generations of 1 prefill + 3 decode runs; a prompt-only stage runs once per generation.
  auto stages = split_last_generation({split_stage("ctx", 8), split_stage("embed", 2, false)}, 2, 3);
  ASSERT_EQ(stages.size(), 2u);
  ASSERT_EQ(stages[0].prefill.size(), 1u);
  EXPECT_DOUBLE_EQ(stages[0].prefill[0].start_us, 4);  // the second generation's first run
  ASSERT_EQ(stages[0].decode.size(), 3u);
  EXPECT_DOUBLE_EQ(stages[0].decode[2].start_us, 7);
  EXPECT_EQ(stages[1].prefill.size(), 1u);
  EXPECT_TRUE(stages[1].decode.empty());
  EXPECT_EQ(phase_runs(stages, false).size(), 2u);
  EXPECT_EQ(phase_runs(stages, true).size(), 3u);
}

TEST(PhaseSplit, DepthFillCountsAsPrefill) {
  auto stages = split_last_generation({split_stage("ctx", 5)}, 1, 3);  // depth fill + prompt + 3 steps
  EXPECT_EQ(stages[0].prefill.size(), 2u);
  EXPECT_EQ(stages[0].decode.size(), 3u);
}

TEST(PhaseSplit, RefusesUnevenGenerations) {
  EXPECT_THROW(split_last_generation({split_stage("ctx", 7)}, 2, 3), Error);
  EXPECT_THROW(split_last_generation({split_stage("ctx", 4)}, 2, 3), Error);  // 2 per generation < 3 steps
}

}  // namespace
}  // namespace winml::profile
