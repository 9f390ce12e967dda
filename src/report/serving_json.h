#pragma once
/// \file
/// The serving objects of a report's result (perf/serving_result.h): "config.serving", the settings
/// a run through GenAI's Engine was served with, and "serving", what it measured. Written only for
/// such results, so a generator result's JSON stays as it was. Durations _ms, rates _per_s.

#include <nlohmann/json.hpp>

#include "perf/serving_result.h"

namespace winml::report::json_fields {

/// {mode, concurrency, request_rate | null, burstiness, arrival_seed, requests, warmup_requests,
/// turns, slo {ttft_ms, tpot_ms, e2e_ms} (each null when not given)}.
nlohmann::ordered_json serving_config(const perf::ServingConfig& config);

/// {engine {max_batch_size, max_scheduled_tokens, max_request_length}, requests, conversations,
/// wall_ms, ttft_ms, tpot_ms, itl_ms, e2e_ms, queue_wait_ms (summaries), output_tokens_per_s,
/// requests_per_s, steps, mean_batch, largest_batch, prompt_tokens, cached_prompt_tokens,
/// generated_tokens, goodput | null, offered_rate_per_s | null, offered_rate_exceeded, turns [...]}.
nlohmann::ordered_json serving_figures(const perf::ServingResult& serving);

}  // namespace winml::report::json_fields
