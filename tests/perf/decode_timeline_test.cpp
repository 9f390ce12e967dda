#include "perf/decode_timeline.h"

#include <gtest/gtest.h>

#include <span>
#include <vector>

namespace winml::perf {
namespace {

std::vector<DecodePosition> timeline_of(const std::vector<std::vector<double>>& iterations, int prompt_tokens) {
  std::vector<std::span<const double>> spans(iterations.begin(), iterations.end());
  return decode_timeline(spans, prompt_tokens);
}

TEST(DecodeTimeline, OneEntryPerStepAcrossIterations) {
  const auto t = timeline_of({{0.1, 0.2, 0.3}, {0.3, 0.4, 0.5}, {0.2, 0.3, 0.4}}, 10);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].step, 1u);
  EXPECT_EQ(t[0].context_tokens, 11);  // prompt + step
  EXPECT_EQ(t[2].step, 3u);
  EXPECT_EQ(t[2].context_tokens, 13);
  EXPECT_EQ(t[0].latency_s.count, 3u);
  EXPECT_EQ(t[0].latency_s.min, 0.1);
  EXPECT_EQ(t[0].latency_s.max, 0.3);
  EXPECT_EQ(t[0].latency_s.median, 0.2);
  EXPECT_DOUBLE_EQ(t[1].latency_s.mean, 0.3);
  EXPECT_EQ(t[2].latency_s.at(99), 0.5);
}

TEST(DecodeTimeline, IterationsStoppedEarlyCountOnlyWhereTheyGot) {
  // EOS after 1 step, after 3 steps, and at once (no decode step).
  const auto t = timeline_of({{0.1}, {0.3, 0.4, 0.5}, {}}, 4);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].latency_s.count, 2u);
  EXPECT_EQ(t[0].latency_s.median, 0.1);  // lower median of {0.1, 0.3}
  EXPECT_EQ(t[1].latency_s.count, 1u);
  EXPECT_EQ(t[1].latency_s.mean, 0.4);
  EXPECT_EQ(t[2].latency_s.count, 1u);
  EXPECT_EQ(t[2].latency_s.min, 0.5);
  EXPECT_EQ(t[2].latency_s.stddev, 0);
}

TEST(DecodeTimeline, OneIterationIsItsOwnTimeline) {
  const auto t = timeline_of({{0.25, 0.5}}, 7);
  ASSERT_EQ(t.size(), 2u);
  for (std::size_t j = 0; j < 2; ++j) {
    const Summary& s = t[j].latency_s;
    EXPECT_EQ(s.count, 1u);
    for (double v : {s.mean, s.median, s.min, s.max, s.at(50), s.at(90), s.at(95), s.at(99)})
      EXPECT_EQ(v, j == 0 ? 0.25 : 0.5);
  }
}

TEST(DecodeTimeline, NoDecodeStepsGiveAnEmptyTimeline) {
  EXPECT_TRUE(timeline_of({{}, {}}, 5).empty());
  EXPECT_TRUE(timeline_of({}, 5).empty());
}

}  // namespace
}  // namespace winml::perf
