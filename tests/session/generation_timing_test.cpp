#include <gtest/gtest.h>

#include "winml/generation.h"

namespace winml {
namespace {

TEST(GenerationTiming, DerivedValues) {
  GenerationTiming t;
  t.prefill_s = 0.5;
  t.first_token_s = 0.25;
  t.decode_s = {0.125, 0.125, 0.25};
  EXPECT_EQ(t.ttft_s(), 0.75);
  EXPECT_EQ(t.decode_total_s(), 0.5);
  EXPECT_DOUBLE_EQ(t.tpot_s(), 0.5 / 3);
  EXPECT_EQ(t.decode_tokens_per_s(), 6);
  EXPECT_EQ(t.total_s(), 1.25);
}

TEST(GenerationTiming, NoDecodeStepsGiveZeroRatesNotNaN) {
  GenerationTiming t;
  t.prefill_s = 0.5;
  t.first_token_s = 0.25;
  EXPECT_EQ(t.decode_total_s(), 0);
  EXPECT_EQ(t.tpot_s(), 0);
  EXPECT_EQ(t.decode_tokens_per_s(), 0);
  EXPECT_EQ(t.total_s(), 0.75);
}

TEST(GenerationTiming, ClockThatDidNotAdvanceGivesZeroRate) {
  GenerationTiming t;
  t.decode_s = {0, 0};
  EXPECT_EQ(t.decode_tokens_per_s(), 0);
  EXPECT_EQ(t.tpot_s(), 0);
}

}  // namespace
}  // namespace winml
