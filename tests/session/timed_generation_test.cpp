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
    now_ += prefill_;
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
  std::size_t appended_ = 0;
  int calls_ = 0;

 private:
  double& now_;
  double prefill_, sample_, decode_;
  int done_after_;
};

TEST(TimedGeneration, TimesOnlyGenaiCalls) {
  double now = 0;
  FakeGenerator generator(now, 0.5, 0.01, 0.02, 1000);
  auto timing = run_timed_generation(generator, {1, 2, 3}, 5, [&] { return now; });
  EXPECT_EQ(generator.appended_, 3u);
  EXPECT_NEAR(timing.prefill_s, 0.5, 1e-9);
  EXPECT_NEAR(timing.first_token_s, 0.01, 1e-9);
  ASSERT_EQ(timing.decode_s.size(), 4u);
  for (double step : timing.decode_s) EXPECT_NEAR(step, 0.02, 1e-9);
  EXPECT_EQ(timing.input_tokens, 3);
  EXPECT_EQ(timing.generated_tokens, 5);
  EXPECT_EQ(timing.token_ids, (std::vector<std::int32_t>{1001, 1002, 1003, 1004, 1005}));
}

TEST(TimedGeneration, StopsWhenGeneratorIsDone) {
  double now = 0;
  FakeGenerator generator(now, 0.1, 0.1, 0.1, 2);
  auto timing = run_timed_generation(generator, {7}, 10, [&] { return now; });
  EXPECT_EQ(timing.generated_tokens, 2);
  EXPECT_EQ(timing.decode_s.size(), 1u);
}

TEST(TimedGeneration, SinkSeesEveryToken) {
  double now = 0;
  FakeGenerator generator(now, 0, 0, 0, 1000);
  std::vector<std::int32_t> seen;
  auto timing = run_timed_generation(
      generator, {7}, 3, [&] { return now; }, [&](std::int32_t id) { seen.push_back(id); });
  EXPECT_EQ(seen, timing.token_ids);
}

TEST(TimedGeneration, ZeroTokensRunsNothing) {
  double now = 0;
  FakeGenerator generator(now, 1, 1, 1, 1000);
  auto timing = run_timed_generation(generator, {7}, 0, [&] { return now; });
  EXPECT_EQ(generator.appended_, 0u);
  EXPECT_EQ(timing.generated_tokens, 0);
}

}  // namespace
}  // namespace winml::session
