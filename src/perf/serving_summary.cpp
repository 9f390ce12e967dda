#include "perf/serving_summary.h"

#include <algorithm>

namespace winml::perf {
namespace {

std::vector<TurnSummary> turn_summaries(const ServingRun& run, const std::vector<double>& percentiles) {
  std::size_t turns = 0;
  for (const ServedRequest& r : run.requests) turns = std::max(turns, r.turn + 1);
  if (turns < 2) return {};
  std::vector<TurnSummary> out(turns);
  std::vector<std::vector<double>> ttft(turns);
  for (const ServedRequest& r : run.requests) {
    TurnSummary& t = out[r.turn];
    ++t.requests;
    t.prompt_tokens += r.prompt_tokens;
    t.cached_prompt_tokens += r.cached_prompt_tokens;
    if (r.first_token_s) ttft[r.turn].push_back(r.ttft_s());
  }
  for (std::size_t i = 0; i < turns; ++i) {
    out[i].turn = i + 1;
    out[i].ttft_s = summarize(std::move(ttft[i]), percentiles);
  }
  return out;
}

void shift(ServingRun& run, double by) {
  run.start_s += by;
  run.end_s += by;
  for (ServedRequest& r : run.requests) {
    r.arrival_s += by;
    r.submit_s += by;
    if (r.first_token_s) *r.first_token_s += by;
    for (double& t : r.token_s) t += by;
    r.finish_s += by;
  }
  for (ServedStep& step : run.steps) {
    step.start_s += by;
    step.end_s += by;
  }
}

}  // namespace

ServingRun pool_serving_runs(std::vector<ServingRun> rounds) {
  if (rounds.empty()) return {};
  ServingRun pooled = std::move(rounds.front());
  for (std::size_t i = 1; i < rounds.size(); ++i) {
    ServingRun& next = rounds[i];
    shift(next, pooled.end_s - next.start_s);
    std::size_t conversations = 0;
    for (const ServedRequest& r : pooled.requests) conversations = std::max(conversations, r.conversation + 1);
    for (ServedRequest& r : next.requests) {
      r.index += pooled.requests.size();
      r.conversation += conversations;
      pooled.requests.push_back(std::move(r));
    }
    pooled.steps.insert(pooled.steps.end(), next.steps.begin(), next.steps.end());
    pooled.end_s = next.end_s;
    pooled.stopped = pooled.stopped || next.stopped;
  }
  return pooled;
}

ServingSummary summarize_serving(const ServingRun& run, const std::vector<double>& percentiles,
                                 const ServiceObjectives& objectives, std::optional<double> offered_rate_per_s) {
  ServingSummary s;
  s.requests = run.requests.size();
  s.wall_s = run.end_s - run.start_s;
  std::vector<double> ttft;
  std::vector<double> tpot;
  std::vector<double> itl;
  std::vector<double> e2e;
  std::vector<double> queue;
  for (const ServedRequest& r : run.requests) {
    if (r.first_token_s) ttft.push_back(r.ttft_s());
    if (const auto t = time_per_output_token_s(r)) tpot.push_back(*t);
    for (const double gap : r.inter_token_s()) itl.push_back(gap);
    e2e.push_back(r.end_to_end_s());
    queue.push_back(std::max(0.0, r.submit_s - r.arrival_s));
    s.prompt_tokens += r.prompt_tokens;
    s.cached_prompt_tokens += r.cached_prompt_tokens;
    s.conversations = std::max(s.conversations, r.conversation + 1);
  }
  s.turns = turn_summaries(run, percentiles);
  s.ttft_s = summarize(std::move(ttft), percentiles);
  s.tpot_s = summarize(std::move(tpot), percentiles);
  s.itl_s = summarize(std::move(itl), percentiles);
  s.e2e_s = summarize(std::move(e2e), percentiles);
  s.queue_wait_s = summarize(std::move(queue), percentiles);
  s.generated_tokens = run.generated_tokens();
  s.output_tokens_per_s = run.output_tokens_per_s();
  s.requests_per_s = run.requests_per_s();
  s.steps = run.steps.size();
  s.largest_batch = run.largest_batch();
  std::size_t producing = 0;
  std::size_t tokens = 0;
  for (const ServedStep& step : run.steps) {
    if (step.tokens == 0) continue;
    ++producing;
    tokens += step.tokens;
  }
  s.mean_batch = producing > 0 ? static_cast<double>(tokens) / static_cast<double>(producing) : 0;
  if (!objectives.empty()) s.goodput = goodput(run, objectives);
  s.offered_rate_per_s = offered_rate_per_s;
  if (offered_rate_per_s) s.offered_rate_exceeded = s.requests_per_s < kSustainedShare * *offered_rate_per_s;
  return s;
}

}  // namespace winml::perf
