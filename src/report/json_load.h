#pragma once
/// \file
/// The load breakdown and cold-start objects of the JSON reports (internal to src/report).
/// Definitions: docs/metrics.md, "Load breakdown" and "Cold and warm".

#include <optional>

#include "perf/cold_start.h"
#include "perf/onnx_result.h"
#include "report/json_fields.h"
#include "winml/genai_session.h"

namespace winml::report::json_fields {

/// {prepare_ms, compile_ms, model_ms, tokenizer_ms, other_ms, total_ms}; the parts add up to total_ms.
Json load_breakdown(const LoadBreakdown& load);

/// A single model's load: {session_creation_ms, input_preparation_ms, total_ms}.
Json onnx_load(const perf::OnnxRunFacts& facts);

/// null without --cold; else {iterations, load_ms, model_ms, tokenizer_ms, ttft_ms, total_ms,
/// load_to_first_token_ms}, each a summary in milliseconds.
Json cold_metrics(const std::optional<perf::ColdMetrics>& cold);

}  // namespace winml::report::json_fields
