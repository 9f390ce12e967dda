#pragma once
/// \file
/// One combination's run through GenAI's Engine: warmup conversations, then the timed serving run
/// (closed loop under --concurrency, open loop under --request-rate), every turn also returned as
/// a generation so that winml's statistics of TTFT, TPOT and decode rate apply to requests as
/// they apply to generations. Never prints.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "perf/genai_runner.h"
#include "perf/interruption.h"
#include "perf/loop_settings.h"
#include "perf/progress.h"
#include "perf/serving_result.h"
#include "perf/sweep_plan.h"
#include "resources/resource_usage.h"

namespace winml::perf {

/// Conversations of a closed loop when --requests is not given: this many per slot in flight, and
/// at least kGenaiDefaultIterations' worth.
inline constexpr std::size_t kServingRequestsPerSlot = 4;
inline constexpr std::size_t kServingMinDefaultRequests = 10;
/// Conversations of an open loop when neither --requests nor --duration is given.
inline constexpr std::size_t kServingDefaultOpenRequests = 32;
/// Seed of the open loop's arrival times: fixed, so a rerun offers the same load.
inline constexpr std::uint64_t kArrivalSeed = 20260103;

/// The serving flags every combination shares.
struct ServingFlags {
  std::optional<std::size_t> requests;  ///< --requests
  double burstiness = 1;                ///< --burstiness
  ServiceObjectives objectives;         ///< --slo
};

/// One combination's serving run, as its caller resolved it.
struct ServingJob {
  RunSettings settings;  ///< concurrency, request rate, turns, new tokens
  /// The first turn of conversation i.
  std::function<std::vector<std::int32_t>(std::size_t index)> prompt;
  /// What begins turn t (1, 2, ...) of conversation i.
  std::function<std::vector<std::int32_t>(std::size_t index, std::size_t turn)> follow_up;
  bool stop_at_eos = false;
  LoopSettings loop;  ///< warmup conversations per slot, and --duration
  ServingFlags flags;
};

/// What the run measured.
struct ServingMeasurement {
  ServingConfig config;          ///< the settings as resolved (requests, warmup, mode)
  engine::ServingLimits limits;  ///< the engine's
  GenaiRunSamples samples;       ///< every turn as a generation: TTFT from its arrival, its token gaps
  ServingRun timed;              ///< the timed run
};

/// A turn as a generation: prefill_s is its TTFT (arrival to first token, queue wait included),
/// decode_s the gaps between its tokens, input_tokens the prompt the engine counted.
GenerationTiming as_generation(const ServedRequest& request);

/// Everything measure_serving needs from its surroundings.
struct ServingServices {
  Clock clock;
  std::function<void(double seconds)> sleep;                                      ///< the open loop's idle wait
  std::function<void(resources::UsagePhase, double start_s, double end_s)> span;  ///< where warmup and run fell
  StopRequest stop;
};

/// The warning for a concurrency above the engine's max batch size (the requests past it wait in
/// the engine's queue, so the load measured is not the one asked for), naming the limit and what to
/// do; empty when the concurrency fits or the engine states no limit. `concurrency` 0: none given.
std::string batch_limit_warning(std::size_t concurrency, const engine::ServingLimits& limits);

/// Runs `job` on `engine`: loop.warmup conversations per slot in a closed loop (the slots: the
/// concurrency, else the engine's max batch size), then the timed run. Reports every turn to
/// `progress`, and an open loop's length before its warmup (ProgressSink::on_serving_plan). Throws UsageError for
/// settings that cannot run, SessionError when the engine fails.
ServingMeasurement measure_serving(engine::ServingEngine& engine, const ServingJob& job,
                                   const ServingServices& services, ProgressSink& progress);

}  // namespace winml::perf
