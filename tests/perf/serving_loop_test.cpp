// The closed loop over a scripted engine: a static batch of `batch` requests, each step one token
// for every admitted request, one second per step on a manual clock.
#include "perf/serving_loop.h"

#include <algorithm>
#include <deque>
#include <map>

#include <gtest/gtest.h>

#include "fake_clock.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

using testing::ManualClock;

class ScriptedEngine final : public engine::ServingEngine {
 public:
  ScriptedEngine(ManualClock& clock, std::size_t batch) : clock_(clock), batch_(batch) {}

  engine::ServingLimits limits() override { return {batch_, 0, 0}; }
  std::uint64_t submit(const std::vector<std::int32_t>& prompt, std::uint64_t max_new, std::uint64_t) override {
    const std::uint64_t id = ++last_;
    waiting_.push_back(id);
    wanted_[id] = max_new;
    prompts_[id] = prompt.size();
    return id;
  }
  // The next turn: the request waits for a slot again, its context grown by the input.
  void continue_request(std::uint64_t id, const std::vector<std::int32_t>& input, std::uint64_t max_new,
                        std::uint64_t) override {
    waiting_.push_back(id);
    wanted_[id] = max_new;
    prompts_[id] += input.size();
    continued.push_back(id);
  }
  std::vector<engine::ServingEvent> step() override {
    clock_.advance(1.0);
    if (stalled) return {};
    while (active_.size() < batch_ && !waiting_.empty()) {
      active_[waiting_.front()] = 0;
      waiting_.pop_front();
    }
    std::vector<engine::ServingEvent> events;
    for (auto it = active_.begin(); it != active_.end();) {
      engine::ServingEvent e;
      e.request = it->first;
      e.token = 7;
      if (++it->second == wanted_[it->first]) {
        e.turn_finished = true;
        e.finish = fail ? engine::FinishReason::failed : engine::FinishReason::max_generated_tokens;
        e.prompt_tokens = prompts_[it->first];
        e.generated_tokens = it->second;
        e.cached_prompt_tokens = cached_[it->first];
        cached_[it->first] = prompts_[it->first] + it->second;  // what a next turn finds in the cache
        events.push_back(e);
        it = active_.erase(it);
      } else {
        events.push_back(e);
        ++it;
      }
    }
    return events;
  }
  bool has_pending() override { return !active_.empty() || !waiting_.empty(); }
  void close(std::uint64_t id) override { closed.push_back(id); }

  bool stalled = false;
  bool fail = false;
  std::vector<std::uint64_t> closed;
  std::vector<std::uint64_t> continued;

 private:
  ManualClock& clock_;
  std::size_t batch_;
  std::uint64_t last_ = 0;
  std::deque<std::uint64_t> waiting_;
  std::map<std::uint64_t, std::uint64_t> active_;  // id -> tokens generated
  std::map<std::uint64_t, std::uint64_t> wanted_;
  std::map<std::uint64_t, std::size_t> prompts_;
  std::map<std::uint64_t, std::size_t> cached_;
};

ServingLoopOptions options(std::size_t concurrency, std::size_t requests, std::uint64_t new_tokens) {
  ServingLoopOptions o;
  o.concurrency = concurrency;
  o.requests = requests;
  o.new_tokens = new_tokens;
  o.prompt = [](std::size_t index) { return std::vector<std::int32_t>(3 + index, 1); };
  o.max_idle_steps = 5;
  return o;
}

TEST(ServingLoop, OneAtATimeEachRequestFollowsTheLast) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  const ServingRun run = run_closed_loop(engine, options(1, 3, 4), clock.clock());
  ASSERT_EQ(run.requests.size(), 3u);
  EXPECT_EQ(run.steps.size(), 12u);
  for (const ServedRequest& r : run.requests) {
    EXPECT_DOUBLE_EQ(r.ttft_s(), 1.0);
    EXPECT_DOUBLE_EQ(r.end_to_end_s(), 4.0);
    EXPECT_EQ(r.inter_token_s(), (std::vector<double>{1, 1, 1}));
    EXPECT_EQ(r.prompt_tokens, 3 + r.index);
    EXPECT_EQ(r.generated_tokens, 4u);
  }
  EXPECT_DOUBLE_EQ(run.requests[1].arrival_s, run.requests[0].finish_s);  // the freed slot, at once
  EXPECT_EQ(run.largest_batch(), 1u);
  EXPECT_DOUBLE_EQ(run.output_tokens_per_s(), 1.0);
  EXPECT_EQ(engine.closed, (std::vector<std::uint64_t>{1, 2, 3}));
}

TEST(ServingLoop, FourInFlightShareTheSteps) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  const ServingRun run = run_closed_loop(engine, options(4, 4, 4), clock.clock());
  EXPECT_EQ(run.steps.size(), 4u);
  EXPECT_EQ(run.largest_batch(), 4u);
  EXPECT_EQ(run.generated_tokens(), 16u);
  EXPECT_DOUBLE_EQ(run.output_tokens_per_s(), 4.0);
  EXPECT_DOUBLE_EQ(run.requests_per_s(), 1.0);
}

TEST(ServingLoop, RequestsBeyondTheEnginesBatchWaitTheirTurn) {
  ManualClock clock;
  ScriptedEngine engine(clock, 2);
  const ServingRun run = run_closed_loop(engine, options(3, 3, 2), clock.clock());
  // Two batched at once; the third, in flight from the start, is admitted when they finish.
  EXPECT_DOUBLE_EQ(run.requests[0].ttft_s(), 1.0);
  EXPECT_DOUBLE_EQ(run.requests[2].ttft_s(), 3.0);
  EXPECT_DOUBLE_EQ(run.requests[2].arrival_s, run.start_s);
  EXPECT_EQ(run.steps.size(), 4u);
}

TEST(ServingLoop, OpenLoopSubmitsEachRequestWhenItArrivesAndWaitsWhenIdle) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  std::vector<double> waits;
  const ServingRun run = run_open_loop(engine, options(1, 3, 2), {0.5, 0.5, 10.0}, clock.clock(), [&](double s) {
    waits.push_back(s);
    clock.advance(s);
  });
  EXPECT_EQ(waits, (std::vector<double>{0.5, 7.5}));  // to the first arrival, then idle to the third
  ASSERT_EQ(run.requests.size(), 3u);
  EXPECT_DOUBLE_EQ(run.requests[0].arrival_s, 0.5);
  EXPECT_DOUBLE_EQ(run.requests[1].arrival_s, 0.5);  // the concurrency limit is the closed loop's only
  EXPECT_DOUBLE_EQ(run.requests[2].arrival_s, 10.0);
  for (const ServedRequest& r : run.requests) {
    EXPECT_GE(r.submit_s, r.arrival_s);
    EXPECT_DOUBLE_EQ(r.ttft_s(), 1.0);
    EXPECT_DOUBLE_EQ(r.end_to_end_s(), 2.0);
  }
  EXPECT_EQ(run.steps.size(), 4u);
  EXPECT_EQ(run.largest_batch(), 2u);
  EXPECT_THROW(run_open_loop(engine, options(1, 3, 2), {0.5}, clock.clock(), [](double) {}), UsageError);
}

TEST(ServingLoop, AStalledOrFailingEngineIsAnError) {
  ManualClock clock;
  ScriptedEngine stalled(clock, 4);
  stalled.stalled = true;
  EXPECT_THROW(run_closed_loop(stalled, options(2, 2, 2), clock.clock()), SessionError);
  ScriptedEngine failing(clock, 4);
  failing.fail = true;
  try {
    run_closed_loop(failing, options(1, 1, 2), clock.clock());
    FAIL() << "a failed request was reported";
  } catch (const SessionError& e) {
    EXPECT_NE(std::string(e.what()).find("failed request 1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(run_closed_loop(failing, options(0, 1, 2), clock.clock()), UsageError);
}

TEST(ServingLoop, ConversationsContinueOnOneRequestTurnAfterTurn) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  ServingLoopOptions o = options(2, 2, 2);
  o.turns = 3;
  o.follow_up = [](std::size_t, std::size_t turn) { return std::vector<std::int32_t>(turn, 5); };
  const ServingRun run = run_closed_loop(engine, o, clock.clock());
  ASSERT_EQ(run.requests.size(), 6u);  // 2 conversations of 3 turns
  EXPECT_EQ(engine.continued, (std::vector<std::uint64_t>{1, 2, 1, 2}));
  EXPECT_EQ(engine.closed, (std::vector<std::uint64_t>{1, 2}));  // once each, after the last turn
  for (const ServedRequest& r : run.requests) {
    EXPECT_DOUBLE_EQ(r.ttft_s(), 1.0);
    if (r.turn == 0) continue;
    // A later turn arrives when the turn before it ended, and finds that turn's context cached.
    const auto before = std::find_if(run.requests.begin(), run.requests.end(), [&](const ServedRequest& p) {
      return p.conversation == r.conversation && p.turn + 1 == r.turn;
    });
    ASSERT_NE(before, run.requests.end());
    EXPECT_DOUBLE_EQ(r.arrival_s, before->finish_s);
    EXPECT_EQ(r.cached_prompt_tokens, before->prompt_tokens + 2);
    EXPECT_EQ(r.prompt_tokens, before->prompt_tokens + r.turn);
  }
  o.follow_up = nullptr;
  EXPECT_THROW(run_closed_loop(engine, o, clock.clock()), UsageError);
}

TEST(ServingLoop, ADurationStartsNoConversationOnceItHasPassed) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  ServingLoopOptions o = options(1, 0, 2);  // no count: the duration decides
  o.duration_s = 5.0;
  const ServingRun run = run_closed_loop(engine, o, clock.clock());
  // Requests of 2 one-second steps, one at a time: those started at 0, 2 and 4 s.
  ASSERT_EQ(run.requests.size(), 3u);
  EXPECT_DOUBLE_EQ(run.end_s - run.start_s, 6.0);  // the last one started in time is finished
  o.duration_s.reset();
  EXPECT_THROW(run_closed_loop(engine, o, clock.clock()), UsageError);
}

TEST(ServingLoop, AStopStartsNothingMoreAndFinishesWhatIsInFlight) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  ServingLoopOptions o = options(2, 10, 3);
  o.stop = [&] { return clock.now >= 1.0; };
  const ServingRun run = run_closed_loop(engine, o, clock.clock());
  EXPECT_TRUE(run.stopped);
  ASSERT_EQ(run.requests.size(), 2u);
  for (const ServedRequest& r : run.requests) EXPECT_EQ(r.token_s.size(), 3u);
}

TEST(ServingLoop, AnOpenLoopWithACapQueuesArrivalsUntilASlotFrees) {
  ManualClock clock;
  ScriptedEngine engine(clock, 4);
  ServingLoopOptions o = options(1, 3, 2);
  o.max_in_flight = 1;
  const ServingRun run = run_open_loop(engine, o, {0.0, 0.0, 0.0}, clock.clock(), [](double) {});
  ASSERT_EQ(run.requests.size(), 3u);
  // Each waits in winml's queue for the one before: 0, 2 and 4 s, then two steps of service.
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_DOUBLE_EQ(run.requests[i].submit_s - run.requests[i].arrival_s, 2.0 * static_cast<double>(i));
    EXPECT_DOUBLE_EQ(run.requests[i].finish_s - run.requests[i].submit_s, 2.0);
  }
  EXPECT_EQ(run.largest_batch(), 1u);
}

}  // namespace
}  // namespace winml::perf
