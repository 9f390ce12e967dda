#include "perf/serving_benchmark.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "perf/arrivals.h"
#include "winml/errors.h"

namespace winml::perf {

const char* to_string(ServingMode mode) { return mode == ServingMode::open ? "open" : "closed"; }

GenerationTiming as_generation(const ServedRequest& request) {
  GenerationTiming timing;
  timing.prefill_s = request.ttft_s();
  timing.decode_s = request.inter_token_s();
  timing.input_tokens = static_cast<int>(request.prompt_tokens);
  timing.generated_tokens = static_cast<int>(request.token_s.size());
  return timing;
}

namespace {

// The loop options every run of the job shares; `phase` names its turns in progress events.
ServingLoopOptions loop_options(const ServingJob& job, const ServingServices& services, ProgressSink& progress,
                                Phase phase, std::size_t planned) {
  ServingLoopOptions o;
  o.turns = static_cast<std::size_t>(job.settings.turns);
  o.new_tokens = static_cast<std::uint64_t>(job.settings.max_new_tokens);
  o.stop_at_eos = job.stop_at_eos;
  o.prompt = job.prompt;
  o.follow_up = job.follow_up;
  o.stop = services.stop;
  o.max_idle_steps = 100'000;
  const double start = services.clock();
  auto turns_done = std::make_shared<std::size_t>(0);
  const double budget = phase == Phase::served && planned == 0 ? job.loop.duration_s.value_or(0) : 0;
  o.on_turn = [&progress, &services, phase, planned, start, budget, turns_done,
               turns = o.turns](const ServedRequest& r) {
    ProgressEvent event;
    event.phase = phase;
    event.budget_s = budget;
    event.index = ++*turns_done;
    event.total = planned * turns;
    event.iteration_s = r.end_to_end_s();
    event.elapsed_s = services.clock() - start;
    progress.on_iteration(event);
  };
  return o;
}

void append_turns(std::vector<GenerationTiming>& into, const ServingRun& run) {
  for (const ServedRequest& r : run.requests) {
    if (r.first_token_s) into.push_back(as_generation(r));
  }
}

}  // namespace

std::string batch_limit_warning(std::size_t concurrency, const engine::ServingLimits& limits) {
  if (limits.max_batch_size == 0 || concurrency <= limits.max_batch_size) return {};
  const std::size_t max = limits.max_batch_size;
  // Where the limit comes from: the dynamic engine reads it from the bundle, the static one has its own.
  const std::string raise = limits.max_scheduled_tokens > 0
                                ? " or raise engine.dynamic_batching.max_batch_size in the bundle's genai_config.json"
                                : " (GenAI's static engine, this bundle's, batches at most that many)";
  return fmt::format(
      "--concurrency {} is above the engine's max batch size of {}: it decodes at most {} requests together and the "
      "other {} wait in its queue, so their wait counts in TTFT and throughput stops growing at {}; measure up to "
      "--concurrency {}{}",
      concurrency, max, max, concurrency - max, max, max, raise);
}

ServingMeasurement measure_serving(engine::ServingEngine& engine, const ServingJob& job,
                                   const ServingServices& services, ProgressSink& progress) {
  const RunSettings& s = job.settings;
  if (!s.serving()) throw UsageError("a serving run needs --concurrency or --request-rate");
  if (s.turns < 1) throw UsageError("--turns must be at least 1");
  ServingMeasurement m;
  m.limits = engine.limits();
  ServingConfig& c = m.config;
  c.mode = s.request_rate ? ServingMode::open : ServingMode::closed;
  c.concurrency = static_cast<std::size_t>(std::max(0, s.concurrency));
  c.request_rate = s.request_rate;
  c.burstiness = job.flags.burstiness;
  c.turns = static_cast<std::size_t>(s.turns);
  c.objectives = job.flags.objectives;
  // GenAI's static engine continues a conversation only while its request is alone in the batch
  // ("Continuous decoding requires exactly one resident request in a static engine batch").
  if (c.turns > 1 && m.limits.max_scheduled_tokens == 0 && c.concurrency != 1) {
    throw UsageError(fmt::format(
        "--turns {} continues conversations, and GenAI's static engine (this bundle's) continues one only while its "
        "request is alone in the batch: serve them one at a time with --concurrency 1{}, or drop --turns to measure "
        "{} at once",
        c.turns, c.mode == ServingMode::open ? " beside --request-rate" : "",
        c.mode == ServingMode::open ? "arrivals" : fmt::format("{} conversations", c.concurrency)));
  }
  const std::size_t slots = c.concurrency > 0 ? c.concurrency : std::max<std::size_t>(1, m.limits.max_batch_size);
  c.warmup_requests = job.loop.warmup * slots;
  if (job.flags.requests) {
    c.requests = *job.flags.requests;
  } else if (c.mode == ServingMode::closed) {
    c.requests = job.loop.duration_s ? 0 : std::max(kServingMinDefaultRequests, kServingRequestsPerSlot * slots);
  } else if (job.loop.duration_s) {
    // As many arrivals as the duration holds at the offered rate.
    c.requests = static_cast<std::size_t>(std::max(1.0, std::ceil(*s.request_rate * *job.loop.duration_s)));
  } else {
    c.requests = kServingDefaultOpenRequests;
  }

  // The arrival times are seeded: the open loop's length is known before it runs.
  std::vector<double> arrivals;
  if (c.mode == ServingMode::open) {
    c.arrival_seed = kArrivalSeed;
    arrivals = arrival_times(c.requests, ArrivalPattern{*s.request_rate, c.burstiness, c.arrival_seed});
    progress.on_serving_plan(
        {c.requests, *s.request_rate, arrivals.empty() ? 0.0 : arrivals.back(), c.warmup_requests});
  }

  if (c.warmup_requests > 0 && !stop_requested(services.stop)) {
    ServingLoopOptions warm = loop_options(job, services, progress, Phase::warmup, c.warmup_requests);
    warm.concurrency = slots;
    warm.requests = c.warmup_requests;
    const double start = services.clock();
    const ServingRun run = run_closed_loop(engine, warm, services.clock);
    services.span(resources::UsagePhase::warmup, start, services.clock());
    append_turns(m.samples.warmup, run);
  }
  if (stop_requested(services.stop)) {
    m.samples.stopped = true;
    return m;
  }
  ServingLoopOptions timed = loop_options(job, services, progress, Phase::served, c.requests);
  timed.requests = c.requests;
  const double start = services.clock();
  if (c.mode == ServingMode::closed) {
    timed.concurrency = c.concurrency;
    timed.duration_s = job.loop.duration_s;
    m.timed = run_closed_loop(engine, timed, services.clock);
  } else {
    timed.max_in_flight = c.concurrency;
    m.timed = run_open_loop(engine, timed, arrivals, services.clock, services.sleep);
  }
  services.span(resources::UsagePhase::run, start, services.clock());
  append_turns(m.samples.timed, m.timed);
  m.samples.timed_wall_s = m.timed.end_s - m.timed.start_s;
  m.samples.stopped = m.timed.stopped;
  return m;
}

}  // namespace winml::perf
