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

// What both loops share: submitting a request, and one engine step with its events handed to
// the requests they belong to.
class Driver {
 public:
  Driver(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock)
      : engine_(engine), options_(options), clock_(clock) {
    if (options.requests == 0 || options.new_tokens == 0 || !options.prompt) {
      throw UsageError("a serving run needs at least one request and one new token per request");
    }
    run_.requests.resize(options.requests);
    run_.start_s = clock_();
  }

  std::size_t submitted() const { return next_; }
  std::size_t in_flight() const { return in_flight_.size(); }
  bool all_finished() const { return finished_ == options_.requests; }

  void submit(double arrival_s) {
    ServedRequest& r = run_.requests[next_];
    r.index = next_;
    r.arrival_s = arrival_s;
    const std::vector<std::int32_t> prompt = options_.prompt(next_);
    r.submit_s = clock_();
    in_flight_.emplace(engine_.submit(prompt, options_.new_tokens, options_.new_tokens), next_);
    ++next_;
  }

  // One engine step; returns how many requests it finished (closed and counted).
  std::size_t step() {
    ServedStep step;
    step.start_s = clock_();
    const std::vector<engine::ServingEvent> events = engine_.step();
    step.end_s = clock_();
    std::vector<std::uint64_t> done;
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
                                       e.finish == engine::FinishReason::failed ? "failed" : "cancelled", r.index + 1));
      }
      done.push_back(e.request);
    }
    run_.steps.push_back(step);
    idle_steps_ = events.empty() ? idle_steps_ + 1 : 0;
    if (idle_steps_ > options_.max_idle_steps) {
      throw SessionError(fmt::format("GenAI's Engine made no progress in {} steps with {} requests in flight",
                                     idle_steps_, in_flight_.size()));
    }
    for (const std::uint64_t id : done) {
      in_flight_.erase(id);
      engine_.close(id);
      ++finished_;
    }
    return done.size();
  }

  double last_step_end_s() const { return run_.steps.back().end_s; }
  double start_s() const { return run_.start_s; }

  ServingRun finish() {
    run_.end_s = clock_();
    return std::move(run_);
  }

 private:
  engine::ServingEngine& engine_;
  const ServingLoopOptions& options_;
  const Clock& clock_;
  ServingRun run_;
  std::map<std::uint64_t, std::size_t> in_flight_;  // engine id -> request index
  std::size_t next_ = 0;
  std::size_t finished_ = 0;
  std::size_t idle_steps_ = 0;
};

}  // namespace

ServingRun run_closed_loop(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock) {
  if (options.concurrency == 0) throw UsageError("a closed-loop serving run needs at least one request in flight");
  Driver driver(engine, options, clock);
  const auto refill = [&](double arrival_s) {
    while (driver.submitted() < options.requests && driver.in_flight() < options.concurrency) driver.submit(arrival_s);
  };
  refill(driver.start_s());
  while (!driver.all_finished()) {
    // Closed loop: a freed slot takes the next request at once.
    if (driver.step() > 0) refill(driver.last_step_end_s());
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
  while (!driver.all_finished()) {
    const double now = clock() - start;
    while (driver.submitted() < options.requests && arrivals_s[driver.submitted()] <= now) {
      driver.submit(start + arrivals_s[driver.submitted()]);
    }
    if (driver.in_flight() > 0) {
      driver.step();
    } else if (driver.submitted() < options.requests) {
      wait(arrivals_s[driver.submitted()] - now);  // nothing to run until the next arrival
    }
  }
  return driver.finish();
}

}  // namespace winml::perf
