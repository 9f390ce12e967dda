#include "session/timed_generation.h"

#include <gtest/gtest.h>

#include <deque>

namespace winml::session {
namespace {

// A generator that advances a fake clock by a fixed cost per call, so every duration is known.
class FakeGenerator final : public engine::Generator {
 public:
  FakeGenerator(double& now, double prefill_cost, double sample_cost, double decode_cost, int done_after)
      : now_(now), prefill_(prefill_cost), sample_(sample_cost), decode_(decode_cost), done_after_(done_after) {}
  void append_tokens(const std::int32_t*, std::size_t count) override {
    appended_ = count;
    appends_.push_back(count);
    now_ += prefill_ * static_cast<double>(count);
  }
  void generate_next_token() override {
    now_ += calls_ == 0 ? sample_ : decode_;
    ++calls_;
  }
  std::int32_t last_token() override {
    now_ += 100;  // reading the token must never be inside a timed region
    return 1000 + calls_;
  }
  bool is_done() override {
    now_ += 100;
    return calls_ >= done_after_;
  }
  std::vector<float> last_logits() override {
    now_ += 100;  // reading the logits must never be inside a timed region either
    logits_read_after_calls_.push_back(calls_);
    return {1.0F, 3.0F, -2.0F, 3.0F, 0.5F};
  }
  std::vector<int> logits_read_after_calls_;  ///< generate_next_token calls before each last_logits
  std::vector<std::size_t> appends_;          ///< the size of every append_tokens call
  std::size_t appended_ = 0;
  int calls_ = 0;

 private:
  double& now_;
  double prefill_, sample_, decode_;
  int done_after_;
};

const std::vector<std::int32_t> kNoDepth;
const std::vector<std::int32_t> kOneToken = {7};

TEST(TimedGeneration, TimesOnlyGenaiCalls) {
  double now = 0;
  FakeGenerator generator(now, 0.5, 0.01, 0.02, 1000);
  const std::vector<std::int32_t> prompt = {1, 2, 3};
  auto timing = run_timed_generation(generator, {kNoDepth, prompt}, 5, [&] { return now; });
  EXPECT_EQ(generator.appends_, (std::vector<std::size_t>{3}));
  EXPECT_NEAR(timing.prefill_s, 1.5, 1e-9);
  EXPECT_EQ(timing.depth_fill_s, 0);
  EXPECT_EQ(timing.depth_tokens, 0);
  EXPECT_NEAR(timing.first_token_s, 0.01, 1e-9);
  ASSERT_EQ(timing.decode_s.size(), 4u);
  for (double step : timing.decode_s) EXPECT_NEAR(step, 0.02, 1e-9);
  EXPECT_EQ(timing.input_tokens, 3);
  EXPECT_EQ(timing.generated_tokens, 5);
  EXPECT_EQ(timing.token_ids, (std::vector<std::int32_t>{1001, 1002, 1003, 1004, 1005}));
}

// --depth: the cache is filled by its own append, timed apart; the prompt's prefill and the decode
// steps are timed as without depth.
TEST(TimedGeneration, DepthFillIsAppendedFirstAndTimedApart) {
  double now = 0;
  FakeGenerator generator(now, 0.5, 0.01, 0.02, 1000);
  const std::vector<std::int32_t> depth(10, 5), prompt = {1, 2, 3};
  auto timing = run_timed_generation(generator, {depth, prompt}, 3, [&] { return now; });
  EXPECT_EQ(generator.appends_, (std::vector<std::size_t>{10, 3}));
  EXPECT_NEAR(timing.depth_fill_s, 5.0, 1e-9);
  EXPECT_NEAR(timing.prefill_s, 1.5, 1e-9);
  EXPECT_EQ(timing.depth_tokens, 10);
  EXPECT_EQ(timing.input_tokens, 3);
  EXPECT_EQ(timing.decode_s.size(), 2u);
}

TEST(TimedGeneration, StopsWhenGeneratorIsDone) {
  double now = 0;
  FakeGenerator generator(now, 0.1, 0.1, 0.1, 2);
  auto timing = run_timed_generation(generator, {kNoDepth, kOneToken}, 10, [&] { return now; });
  EXPECT_EQ(timing.generated_tokens, 2);
  EXPECT_EQ(timing.decode_s.size(), 1u);
}

TEST(TimedGeneration, SinkSeesEveryToken) {
  double now = 0;
  FakeGenerator generator(now, 0, 0, 0, 1000);
  std::vector<std::int32_t> seen;
  auto timing = run_timed_generation(
      generator, {kNoDepth, kOneToken}, 3, [&] { return now; }, [&](std::int32_t id) { seen.push_back(id); });
  EXPECT_EQ(seen, timing.token_ids);
}

// The prefill's logits are read once, between the prefill and the first token (GenAI would run a
// decode step for them after it), and the read is in neither timing.
TEST(TimedGeneration, TopLogitsAreReadBetweenPrefillAndFirstTokenUntimed) {
  double now = 0;
  FakeGenerator generator(now, 0.5, 0.01, 0.02, 1000);
  const std::vector<std::int32_t> prompt = {1, 2, 3};
  auto timing = run_timed_generation(generator, {kNoDepth, prompt, 3}, 4, [&] { return now; });
  EXPECT_EQ(generator.logits_read_after_calls_, (std::vector<int>{0}));
  EXPECT_NEAR(timing.prefill_s, 1.5, 1e-9);
  EXPECT_NEAR(timing.first_token_s, 0.01, 1e-9);
  ASSERT_EQ(timing.first_top_logits.size(), 3u);
  // Highest first; the tie at 3.0 goes to the lower id.
  EXPECT_EQ(timing.first_top_logits[0].id, 1);
  EXPECT_EQ(timing.first_top_logits[1].id, 3);
  EXPECT_EQ(timing.first_top_logits[2].id, 0);
  EXPECT_EQ(timing.first_top_logits[2].logit, 1.0F);
}

TEST(TimedGeneration, NoTopLogitsUnlessAsked) {
  double now = 0;
  FakeGenerator generator(now, 0.5, 0.01, 0.02, 1000);
  auto timing = run_timed_generation(generator, {kNoDepth, kOneToken}, 2, [&] { return now; });
  EXPECT_TRUE(generator.logits_read_after_calls_.empty());
  EXPECT_TRUE(timing.first_top_logits.empty());
}

TEST(TopLogits, KeepsAtMostWhatThereIs) {
  EXPECT_EQ(top_logits({2.0F, 1.0F}, 5).size(), 2u);
  EXPECT_TRUE(top_logits({2.0F}, 0).empty());
  EXPECT_TRUE(top_logits({}, 5).empty());
}

TEST(TimedGeneration, ZeroTokensRunsNothing) {
  double now = 0;
  FakeGenerator generator(now, 1, 1, 1, 1000);
  auto timing = run_timed_generation(generator, {kNoDepth, kOneToken}, 0, [&] { return now; });
  EXPECT_EQ(generator.appended_, 0u);
  EXPECT_EQ(timing.generated_tokens, 0);
}

}  // namespace
}  // namespace winml::session
