#include "perf/serving_summary.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

// Request i arrives at i, is submitted `wait` later, and has tokens at `tokens` seconds after
// its arrival; its turn ends with the last.
ServedRequest request(double arrival, double wait, const std::vector<double>& tokens, std::uint64_t cached = 0) {
  ServedRequest r;
  r.arrival_s = arrival;
  r.submit_s = arrival + wait;
  for (const double t : tokens) r.token_s.push_back(arrival + t);
  r.first_token_s = r.token_s.front();
  r.finish_s = r.token_s.back();
  r.prompt_tokens = 10;
  r.cached_prompt_tokens = cached;
  r.generated_tokens = tokens.size();
  return r;
}

ServingRun two_requests() {
  ServingRun run;
  run.start_s = 0;
  run.end_s = 2;
  run.requests = {request(0, 0, {0.1, 0.2, 0.3}), request(1, 0.5, {0.6, 0.8, 1.0}, 4)};
  run.steps = {{0, 0.1, 1}, {0.1, 0.2, 2}, {0.2, 0.3, 0}, {0.3, 0.4, 3}};
  return run;
}

TEST(ServingSummary, PerRequestLatenciesInMilliseconds) {
  const ServingSummary s = summarize_serving(two_requests(), {50, 99}, {}, std::nullopt);
  EXPECT_EQ(s.requests, 2u);
  EXPECT_DOUBLE_EQ(s.ttft_s.min, 0.1);
  EXPECT_DOUBLE_EQ(s.ttft_s.max, 0.6);
  EXPECT_NEAR(s.tpot_s.mean, 0.15, 1e-12);  // 100 and 200 ms per token after the first
  EXPECT_EQ(s.itl_s.count, 4u);             // every gap pooled
  EXPECT_NEAR(s.itl_s.max, 0.2, 1e-12);
  EXPECT_NEAR(s.e2e_s.mean, 0.65, 1e-12);
  EXPECT_NEAR(s.queue_wait_s.max, 0.5, 1e-12);
  EXPECT_EQ(s.prompt_tokens, 20u);
  EXPECT_EQ(s.cached_prompt_tokens, 4u);
  EXPECT_EQ(s.generated_tokens, 6u);
  EXPECT_DOUBLE_EQ(s.output_tokens_per_s, 3);
  EXPECT_DOUBLE_EQ(s.requests_per_s, 1);
  EXPECT_EQ(s.steps, 4u);
  EXPECT_DOUBLE_EQ(s.mean_batch, 2);  // the step that produced nothing left out
  EXPECT_EQ(s.largest_batch, 3u);
  EXPECT_FALSE(s.goodput);
  EXPECT_FALSE(s.offered_rate_per_s);
}

TEST(ServingSummary, GoodputAndWhetherTheOfferedRateWasKeptUpWith) {
  const ServingSummary s =
      summarize_serving(two_requests(), {50}, parse_service_objectives("ttft=200ms"), std::optional<double>(1.05));
  ASSERT_TRUE(s.goodput);
  EXPECT_EQ(s.goodput->met, 1u);
  EXPECT_FALSE(s.offered_rate_exceeded);  // 1 request/s done of 1.05 offered: above 90 %
  EXPECT_TRUE(summarize_serving(two_requests(), {50}, {}, std::optional<double>(2.0)).offered_rate_exceeded);
}

TEST(ServingSummary, TurnsOfOneIndexAreSummarizedTogether) {
  ServingRun run;
  run.end_s = 4;
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t t = 0; t < 3; ++t) {
      ServedRequest r = request(static_cast<double>(t), 0, {0.1 * static_cast<double>(t + 1), 0.5}, t * 10);
      r.conversation = c;
      r.turn = t;
      run.requests.push_back(r);
    }
  }
  const ServingSummary s = summarize_serving(run, {50}, {}, std::nullopt);
  EXPECT_EQ(s.conversations, 2u);
  ASSERT_EQ(s.turns.size(), 3u);
  for (std::size_t t = 0; t < 3; ++t) {
    EXPECT_EQ(s.turns[t].turn, t + 1);
    EXPECT_EQ(s.turns[t].requests, 2u);
    EXPECT_NEAR(s.turns[t].ttft_s.median, 0.1 * static_cast<double>(t + 1), 1e-12);
    EXPECT_EQ(s.turns[t].prompt_tokens, 20u);
    EXPECT_EQ(s.turns[t].cached_prompt_tokens, 2 * t * 10);
  }
  EXPECT_TRUE(summarize_serving(two_requests(), {50}, {}, std::nullopt).turns.empty());  // one turn: no table
}

TEST(ServingSummary, PooledRoundsFollowEachOtherAndKeepEveryRequestsTimes) {
  ServingRun second = two_requests();
  for (ServedRequest& r : second.requests) r.conversation = 1;
  const ServingRun pooled = pool_serving_runs({two_requests(), second});
  ASSERT_EQ(pooled.requests.size(), 4u);
  EXPECT_DOUBLE_EQ(pooled.end_s - pooled.start_s, 4.0);  // two walls of 2 s
  EXPECT_EQ(pooled.steps.size(), 8u);
  EXPECT_EQ(pooled.requests[2].index, 2u);
  EXPECT_EQ(pooled.requests[3].conversation, 2u);  // after the first round's one conversation
  EXPECT_DOUBLE_EQ(pooled.requests[2].arrival_s, 2.0);
  EXPECT_DOUBLE_EQ(pooled.requests[3].ttft_s(), two_requests().requests[1].ttft_s());
  const ServingSummary s = summarize_serving(pooled, {50}, {}, std::nullopt);
  EXPECT_DOUBLE_EQ(s.output_tokens_per_s, 3);  // 12 tokens in 4 s, as each round alone
  EXPECT_TRUE(pool_serving_runs({}).requests.empty());
}

}  // namespace
}  // namespace winml::perf
