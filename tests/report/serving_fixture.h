#pragma once
/// \file
/// Results served through GenAI's Engine for the report tests: deterministic serving runs built
/// request by request, summarized as the benchmark summarizes them.

#include "perf/perf_report.h"

namespace winml::testing {

/// A closed-loop sweep over --concurrency 1,4 (8 requests of 4 tokens each, a static engine of 4).
perf::GenaiPerfReport serving_sweep_fixture();

/// One open-loop result at 8 requests/s, at most 2 in flight, conversations of 2 turns, with
/// --slo ttft=30ms,tpot=10ms: the second turns find part of their context cached, and 6 turns
/// in 1 s did not keep up with the offered rate.
perf::GenaiPerfReport serving_turns_fixture();

}  // namespace winml::testing
