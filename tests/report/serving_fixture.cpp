#include "serving_fixture.h"

#include "fixtures.h"
#include "perf/serving_benchmark.h"

namespace winml::testing {
namespace {

// A request of `tokens` tokens, `step` apart, its first `ttft` after its arrival at `arrival`,
// submitted `wait` after it.
perf::ServedRequest served(std::size_t conversation, std::size_t turn, double arrival, double wait, double ttft,
                           double step, int tokens, std::uint64_t prompt, std::uint64_t cached) {
  perf::ServedRequest r;
  r.conversation = conversation;
  r.turn = turn;
  r.arrival_s = arrival;
  r.submit_s = arrival + wait;
  r.first_token_s = arrival + ttft;
  for (int i = 0; i < tokens; ++i) r.token_s.push_back(*r.first_token_s + step * i);
  r.finish_s = r.token_s.back();
  r.finish = engine::FinishReason::max_generated_tokens;
  r.prompt_tokens = prompt;
  r.cached_prompt_tokens = cached;
  r.generated_tokens = static_cast<std::uint64_t>(tokens);
  return r;
}

perf::GenaiPerfConfig serving_config_base() {
  perf::GenaiPerfConfig c;
  c.bundle = "/models/tiny-llama";
  c.ep = "cpu";
  c.device = "config";
  c.warmup = 1;
  c.max_new_tokens = 4;
  c.max_new_tokens_effective = 4;
  c.max_length = 20;
  c.apply_template = false;
  c.prompt = "<16 random token ids>";
  c.context_length = 2048;
  c.run.timestamp = "2026-12-03T12:00:00+00:00";
  c.run.threads = perf::genai_threads_in_effect(std::nullopt, {{"decoder", 1}}, fixed_machine());
  return c;
}

// The result of `run` as the benchmark makes it: every turn a generation, the summary beside.
perf::GenaiPerfResult serving_result(perf::GenaiPerfConfig config, const perf::ServingConfig& serving,
                                     const perf::ServingRun& run, std::optional<double> offered) {
  perf::GenaiRunSamples samples;
  for (const perf::ServedRequest& r : run.requests) samples.timed.push_back(perf::as_generation(r));
  samples.warmup = {samples.timed.front()};
  samples.timed_wall_s = run.end_s - run.start_s;
  config.iterations = serving.requests;
  config.serving = serving;
  perf::GenaiRunFacts facts;
  facts.load = {0, 0, 0.080, 0.010, 0.0005};
  facts.peak_rss_bytes = 48ULL << 20;
  perf::GenaiPerfResult result = perf::make_genai_result(config, samples, facts, fixed_machine());
  result.serving =
      perf::ServingResult{{4, 0, 0}, perf::summarize_serving(run, config.run.percentiles, serving.objectives, offered)};
  return result;
}

}  // namespace

perf::GenaiPerfReport serving_sweep_fixture() {
  perf::GenaiPerfReport report;
  report.sweep.axes = {{"concurrency", {std::int64_t{1}, std::int64_t{4}}}};
  report.sweep.combinations = 2;
  for (const int concurrency : {1, 4}) {
    perf::ServingConfig serving;
    serving.concurrency = static_cast<std::size_t>(concurrency);
    serving.requests = 8;
    serving.warmup_requests = static_cast<std::size_t>(concurrency);
    perf::ServingRun run;
    // One at a time: a request every 5 ms; four at once: two waves whose steps take 1.5 times as long.
    const double step = concurrency == 1 ? 0.001 : 0.0015;
    const double ttft = concurrency == 1 ? 0.002 : 0.004;
    const double span = ttft + 3 * step;
    for (std::size_t i = 0; i < 8; ++i) {
      const std::size_t wave_index = i / static_cast<std::size_t>(concurrency);  // the wave it ran in
      const auto wave = static_cast<double>(wave_index);
      run.requests.push_back(served(i, 0, wave * span, 0, ttft + 0.0001 * static_cast<double>(i % 3), step, 4, 16, 0));
      run.requests.back().index = i;
    }
    run.end_s = 8.0 / static_cast<double>(concurrency) * span;
    const std::size_t batch = static_cast<std::size_t>(concurrency);
    for (std::size_t s = 0; s < 32 / batch; ++s) run.steps.push_back({0, 0, batch});
    report.results.push_back(serving_result(serving_config_base(), serving, run, std::nullopt));
  }
  return report;
}

perf::GenaiPerfReport serving_turns_fixture() {
  perf::ServingConfig serving;
  serving.mode = perf::ServingMode::open;
  serving.concurrency = 2;
  serving.request_rate = 8.0;
  serving.burstiness = 0.5;
  serving.arrival_seed = perf::kArrivalSeed;
  serving.requests = 3;
  serving.warmup_requests = 2;
  serving.turns = 2;
  serving.objectives = perf::parse_service_objectives("ttft=30ms,tpot=10ms");
  perf::ServingRun run;
  const double arrivals[] = {0.05, 0.10, 0.30};
  for (std::size_t c = 0; c < 3; ++c) {
    // The third waits 20 ms for a slot; its second turn finds both earlier turns cached.
    const double wait = c == 2 ? 0.020 : 0;
    const perf::ServedRequest first = served(c, 0, arrivals[c], wait, 0.025 + wait, 0.008, 4, 16, 0);
    run.requests.push_back(first);
    run.requests.push_back(served(c, 1, first.finish_s, 0, 0.012, 0.009 + 0.002 * static_cast<double>(c), 4, 36, 20));
  }
  for (std::size_t i = 0; i < run.requests.size(); ++i) run.requests[i].index = i;
  run.end_s = 1.0;  // 6 turns in 1 s of 8 offered: the engine did not keep up
  for (int s = 0; s < 18; ++s) run.steps.push_back({0, 0, s % 3 == 0 ? 2U : 1U});
  perf::GenaiPerfConfig config = serving_config_base();
  config.max_length = 40;
  return single_result_report(serving_result(config, serving, run, serving.request_rate));
}

}  // namespace winml::testing
