#include "perf/serving_loop.h"

#include <algorithm>
#include <map>
#include <string>

#include <fmt/format.h>

#include "winml/errors.h"

namespace winml::perf {

std::vector<double> ServedRequest::inter_token_s() const {
  std::vector<double> gaps;
  if (token_s.size() < 2) return gaps;
  gaps.reserve(token_s.size() - 1);
  for (std::size_t i = 1; i < token_s.size(); ++i) gaps.push_back(token_s[i] - token_s[i - 1]);
  return gaps;
}

std::uint64_t ServingRun::generated_tokens() const {
  std::uint64_t total = 0;
  for (const ServedRequest& r : requests) total += r.token_s.size();
  return total;
}

double ServingRun::output_tokens_per_s() const {
  const double wall = end_s - start_s;
  return wall > 0 ? static_cast<double>(generated_tokens()) / wall : 0;
}

double ServingRun::requests_per_s() const {
  const double wall = end_s - start_s;
  return wall > 0 ? static_cast<double>(requests.size()) / wall : 0;
}

std::size_t ServingRun::largest_batch() const {
  std::size_t most = 0;
  for (const ServedStep& s : steps) most = std::max(most, s.tokens);
  return most;
}

namespace {

// What both loops share: starting a conversation, one engine step with its events handed to the
// turns they belong to, and the next turn of a conversation whose turn ended.
class Driver {
 public:
  Driver(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock)
      : engine_(engine), options_(options), clock_(clock) {
    if ((options.requests == 0 && !options.duration_s) || options.new_tokens == 0 || !options.prompt) {
      throw UsageError("a serving run needs at least one request and one new token per request");
    }
    if (options.turns == 0 || (options.turns > 1 && !options.follow_up)) {
      throw UsageError("a serving run needs at least one turn per conversation, and a follow-up for each later one");
    }
    run_.start_s = clock_();
  }

  std::size_t started() const { return next_; }
  std::size_t in_flight() const { return in_flight_.size(); }
  // Whether another conversation may start: the plan has one left, no stop was asked for and
  // (closed loop) the duration has not passed.
  bool may_start() {
    if (options_.requests != 0 && next_ >= options_.requests) return false;
    if (options_.stop && options_.stop()) {
      run_.stopped = true;
      return false;
    }
    return !options_.duration_s || clock_() - run_.start_s < *options_.duration_s;
  }
  bool all_finished() { return in_flight_.empty() && !may_start(); }

  void start(double arrival_s) {
    const std::vector<std::int32_t> prompt = options_.prompt(next_);
    const std::size_t record = add_turn(next_, 0, arrival_s);
    in_flight_.emplace(engine_.submit(prompt, options_.new_tokens, min_new_tokens()), record);
    ++next_;
  }

  // One engine step; returns how many conversations it finished (closed and counted).
  std::size_t step() {
    ServedStep step;
    step.start_s = clock_();
    const std::vector<engine::ServingEvent> events = engine_.step();
    step.end_s = clock_();
    std::vector<std::uint64_t> ended;
    for (const engine::ServingEvent& e : events) {
      const auto found = in_flight_.find(e.request);
      if (found == in_flight_.end()) continue;
      ServedRequest& r = run_.requests[found->second];
      if (e.token) {
        if (!r.first_token_s) r.first_token_s = step.end_s;
        r.token_s.push_back(step.end_s);
        ++step.tokens;
      }
      if (!e.turn_finished) continue;
      r.finish_s = step.end_s;
      r.finish = e.finish;
      r.prompt_tokens = e.prompt_tokens;
      r.cached_prompt_tokens = e.cached_prompt_tokens;
      r.generated_tokens = e.generated_tokens;
      if (e.finish == engine::FinishReason::cancelled || e.finish == engine::FinishReason::failed) {
        throw SessionError(fmt::format("GenAI's Engine {} request {} of the serving run; nothing is reported for it",
                                       e.finish == engine::FinishReason::failed ? "failed" : "cancelled",
                                       r.conversation + 1));
      }
      ended.push_back(e.request);
    }
    run_.steps.push_back(step);
    idle_steps_ = events.empty() ? idle_steps_ + 1 : 0;
    if (idle_steps_ > options_.max_idle_steps) {
      throw SessionError(fmt::format("GenAI's Engine made no progress in {} steps with {} requests in flight",
                                     idle_steps_, in_flight_.size()));
    }
    std::size_t finished = 0;
    for (const std::uint64_t id : ended) {
      const ServedRequest& done = run_.requests[in_flight_.at(id)];
      if (options_.on_turn) options_.on_turn(done);
      const std::size_t turn = done.turn + 1;
      if (turn < options_.turns && !(options_.stop && options_.stop())) {
        // The next turn of the conversation, on the same request: the engine keeps its context.
        const std::size_t conversation = done.conversation;
        const std::vector<std::int32_t> input = options_.follow_up(conversation, turn);
        in_flight_[id] = add_turn(conversation, turn, step.end_s);
        engine_.continue_request(id, input, options_.new_tokens, min_new_tokens());
        continue;
      }
      if (turn < options_.turns) run_.stopped = true;
      in_flight_.erase(id);
      engine_.close(id);
      ++finished;
    }
    return finished;
  }

  double last_step_end_s() const { return run_.steps.back().end_s; }
  double start_s() const { return run_.start_s; }

  ServingRun finish() {
    run_.end_s = clock_();
    return std::move(run_);
  }

 private:
  std::uint64_t min_new_tokens() const { return options_.stop_at_eos ? 0 : options_.new_tokens; }

  std::size_t add_turn(std::size_t conversation, std::size_t turn, double arrival_s) {
    ServedRequest& r = run_.requests.emplace_back();
    r.index = run_.requests.size() - 1;
    r.conversation = conversation;
    r.turn = turn;
    r.arrival_s = arrival_s;
    r.submit_s = clock_();
    return r.index;
  }

  engine::ServingEngine& engine_;
  const ServingLoopOptions& options_;
  const Clock& clock_;
  ServingRun run_;
  std::map<std::uint64_t, std::size_t> in_flight_;  // engine id -> the record of its current turn
  std::size_t next_ = 0;                            // conversations started
  std::size_t idle_steps_ = 0;
};

}  // namespace

ServingRun run_closed_loop(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock) {
  if (options.concurrency == 0) throw UsageError("a closed-loop serving run needs at least one request in flight");
  Driver driver(engine, options, clock);
  const auto refill = [&](double arrival_s) {
    while (driver.in_flight() < options.concurrency && driver.may_start()) driver.start(arrival_s);
  };
  refill(driver.start_s());
  while (!driver.all_finished()) {
    // Closed loop: a freed slot takes the next conversation at once.
    if (driver.step() > 0) refill(driver.last_step_end_s());
    if (driver.in_flight() == 0) refill(driver.last_step_end_s());
  }
  return driver.finish();
}

ServingRun run_open_loop(engine::ServingEngine& engine, const ServingLoopOptions& options,
                         const std::vector<double>& arrivals_s, const Clock& clock,
                         const std::function<void(double seconds)>& wait) {
  if (arrivals_s.size() != options.requests) {
    throw UsageError(fmt::format("{} arrival times for {} requests", arrivals_s.size(), options.requests));
  }
  Driver driver(engine, options, clock);
  const double start = driver.start_s();
  const auto has_slot = [&] { return options.max_in_flight == 0 || driver.in_flight() < options.max_in_flight; };
  while (!driver.all_finished()) {
    const double now = clock() - start;
    while (has_slot() && driver.may_start() && arrivals_s[driver.started()] <= now) {
      driver.start(start + arrivals_s[driver.started()]);
    }
    if (driver.in_flight() > 0) {
      driver.step();
    } else if (driver.may_start()) {
      wait(arrivals_s[driver.started()] - now);  // nothing to run until the next arrival
    }
  }
  return driver.finish();
}

}  // namespace winml::perf
