#pragma once
/// \file
/// The statistics of one serving run (perf/serving_loop.h): per-request TTFT, TPOT, inter-token
/// latency, end-to-end latency and queue wait, each with the full summary winml gives a metric
/// (mean, percentiles, intervals, outliers), the run's throughput, the batches the engine ran,
/// the prompt tokens served from its cache, and the goodput when objectives are given.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "perf/service_objectives.h"
#include "perf/serving_loop.h"
#include "stats/statistics.h"

namespace winml::perf {

/// The turns of one index across a run's conversations: how their TTFT and the engine's prompt
/// cache change as a conversation goes on.
struct TurnSummary {
  std::size_t turn = 1;                    ///< 1-based
  std::size_t requests = 0;                ///< conversations that reached it
  Summary ttft_s;                         ///< its arrival (the last turn's end) to its first token
  std::uint64_t prompt_tokens = 0;         ///< the prompt tokens the engine counted for its turns, summed
  std::uint64_t cached_prompt_tokens = 0;  ///< of them, those served from the engine's cache
};

/// What a serving run did; every time in seconds (reports convert to milliseconds).
struct ServingSummary {
  std::size_t requests = 0;       ///< turns served (one per conversation without --turns)
  std::size_t conversations = 0;  ///< conversations begun
  double wall_s = 0;              ///< the run's wall time
  Summary ttft_s;                ///< per request: arrival to first token
  Summary tpot_s;                ///< per request with two tokens or more: mean gap after the first
  Summary itl_s;                 ///< every gap between two tokens of one request, all requests pooled
  Summary e2e_s;                 ///< per request: arrival to the end of its turn
  Summary queue_wait_s;          ///< per request: arrival to submission (the open loop's backlog)
  double output_tokens_per_s = 0;
  double requests_per_s = 0;
  std::size_t steps = 0;                   ///< engine steps
  double mean_batch = 0;                   ///< tokens per step that produced any: requests decoded together
  std::size_t largest_batch = 0;           ///< the most tokens one step produced
  std::uint64_t prompt_tokens = 0;         ///< every request's, summed
  std::uint64_t cached_prompt_tokens = 0;  ///< of them, those served from the engine's cache
  std::uint64_t generated_tokens = 0;
  std::optional<Goodput> goodput;  ///< when objectives were given
  /// Open loop: the offered rate, and whether the run completed requests more slowly than they
  /// arrived (below kSustainedShare of it): the engine did not keep up.
  std::optional<double> offered_rate_per_s;
  bool offered_rate_exceeded = false;
  std::vector<TurnSummary> turns;  ///< by turn index; empty for single-turn runs
};

/// Rounds of one setting as one run: each later round moved to begin where the one before ended,
/// so the pooled wall time is the sum of the rounds' and every per-request time is unchanged.
ServingRun pool_serving_runs(std::vector<ServingRun> rounds);

/// Completing at least this share of the offered rate counts as keeping up with it.
inline constexpr double kSustainedShare = 0.9;

/// The summary of `run`; `offered_rate_per_s` for an open loop, objectives possibly empty.
ServingSummary summarize_serving(const ServingRun& run, const std::vector<double>& percentiles,
                                 const ServiceObjectives& objectives, std::optional<double> offered_rate_per_s);

}  // namespace winml::perf
