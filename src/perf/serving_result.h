#pragma once
/// \file
/// What a GenAI result records of a run through GenAI's Engine (perf/serving_benchmark.h): the
/// serving settings it ran with, the engine's limits and the serving summary. Plain data; the
/// reporters turn it into text or JSON. Definitions: docs/metrics.md, "Serving".

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/engine.h"
#include "perf/service_objectives.h"
#include "perf/serving_summary.h"

namespace winml::perf {

/// How the requests were offered.
enum class ServingMode {
  closed,  ///< --concurrency N: N conversations in flight, a freed slot refilled at once
  open,    ///< --request-rate R: conversations arrive at R per second, however many are in flight
};

/// "closed" or "open".
const char* to_string(ServingMode mode);

/// The serving settings of one result, as resolved.
struct ServingConfig {
  ServingMode mode = ServingMode::closed;
  std::size_t concurrency = 0;         ///< closed: in flight; open: the most in flight (0: no limit)
  std::optional<double> request_rate;  ///< open: requests per second offered
  double burstiness = 1;               ///< open: the gamma shape of the gaps (1: Poisson)
  std::uint64_t arrival_seed = 0;      ///< open: the seed of the arrival times
  std::size_t requests = 0;            ///< timed conversations asked for; 0: as many as --duration allows
  std::size_t warmup_requests = 0;     ///< conversations served before the timed run, not measured
  std::size_t turns = 1;               ///< turns per conversation
  ServiceObjectives objectives;        ///< --slo; empty when not given
};

/// What one result measured through the engine.
struct ServingResult {
  engine::ServingLimits limits;  ///< the engine's configured max batch size and scheduling budget
  ServingSummary summary;        ///< the timed run, every round pooled
};

}  // namespace winml::perf
