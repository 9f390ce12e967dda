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

const char* finish_name(engine::FinishReason reason) {
  switch (reason) {
    case engine::FinishReason::cancelled:
      return "cancelled";
    case engine::FinishReason::failed:
      return "failed";
    default:
      return "ended";
  }
}

}  // namespace

ServingRun run_closed_loop(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock) {
  if (options.concurrency == 0 || options.requests == 0 || options.new_tokens == 0 || !options.prompt) {
    throw UsageError("a serving run needs at least one request in flight, one request and one new token");
  }
  ServingRun run;
  run.requests.resize(options.requests);
  std::map<std::uint64_t, std::size_t> in_flight;  // engine id -> request index
  std::size_t next = 0;
  std::size_t finished = 0;
  const auto submit = [&](double arrival) {
    ServedRequest& r = run.requests[next];
    r.index = next;
    r.arrival_s = arrival;
    const std::vector<std::int32_t> prompt = options.prompt(next);
    r.submit_s = clock();
    in_flight.emplace(engine.submit(prompt, options.new_tokens, options.new_tokens), next);
    ++next;
  };
  run.start_s = clock();
  while (next < options.requests && in_flight.size() < options.concurrency) submit(run.start_s);
  std::size_t idle_steps = 0;
  while (finished < options.requests) {
    ServedStep step;
    step.start_s = clock();
    const std::vector<engine::ServingEvent> events = engine.step();
    step.end_s = clock();
    std::vector<std::uint64_t> done;
    for (const engine::ServingEvent& e : events) {
      const auto found = in_flight.find(e.request);
      if (found == in_flight.end()) continue;
      ServedRequest& r = run.requests[found->second];
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
                                       finish_name(e.finish), r.index + 1));
      }
      done.push_back(e.request);
    }
    run.steps.push_back(step);
    idle_steps = events.empty() ? idle_steps + 1 : 0;
    if (idle_steps > options.max_idle_steps) {
      throw SessionError(fmt::format("GenAI's Engine made no progress in {} steps with {} requests in flight",
                                     idle_steps, in_flight.size()));
    }
    for (const std::uint64_t id : done) {
      in_flight.erase(id);
      engine.close(id);
      ++finished;
      // Closed loop: the freed slot takes the next request at once.
      if (next < options.requests) submit(step.end_s);
    }
  }
  run.end_s = clock();
  return run;
}

}  // namespace winml::perf
