#pragma once
/// \file
/// The console view of a run through GenAI's Engine (perf/serving_result.h): its statistics, what
/// the engine ran, goodput and the turns of its conversations; and the cells of a serving sweep
/// (internal to src/report). Definitions: docs/metrics.md, "Serving".

#include <string>
#include <vector>

#include "perf/genai_result.h"
#include "report/text_table.h"

namespace winml::report::text {

/// "closed loop · concurrency 4 · 16 conversations · 2 turns each · 8 warmup": how it was served.
std::string serving_config_text(const perf::ServingConfig& config);

/// TTFT, TPOT, ITL, E2E and queue wait per request, each with every statistic.
Table serving_stats_table(const perf::ServingSummary& summary, const std::vector<double>& percentiles);

/// Rows of what the engine did: throughput, batches, limits, cache, goodput, the offered rate.
void add_serving_rows(Table& table, const perf::ServingResult& serving, const perf::ServingConfig& config);

/// The turn table of multi-turn conversations: TTFT and the prompt cache by turn; empty when single-turn.
std::string turns_text(const perf::ServingSummary& summary, const Style& style);

/// The metric columns of a serving sweep, and one result's cells ("-" for a generator result).
std::vector<std::string> serving_sweep_header(bool goodput);
std::vector<std::string> serving_sweep_cells(const perf::GenaiPerfResult& result, bool goodput);

}  // namespace winml::report::text
