#pragma once
/// \file
/// One schema for a result row, shared by the row formats (csv, md, jsonl): a table is a list of
/// results, one row each (today a list of one; a sweep gives one row per combination). A row is
/// the configuration that identifies it, then every metric with its statistics, each column named
/// with its unit as the suffix (ttft_mean_ms, decode_rate_median_tokens_per_s, peak_rss_bytes).
/// Columns are documented in docs/formats.md; changing them must bump kRowSchemaVersion.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "perf/genai_result.h"
#include "perf/onnx_result.h"
#include "perf/shard.h"

namespace winml::report {

/// Version of the row schema (the columns of csv/md and the keys of jsonl); independent of the
/// JSON report's kSchemaVersion.
/// Version 2 added depth, max_length and depth_fill_mean_ms to GenAI rows; version 3 the
/// roofline's columns (decode_bytes_per_step ... kv_cache_bytes); version 4 where a row was
/// measured (host_name ... arch, shard_index, shard_count); version 5 the greedy output and
/// agreement columns (output_tokens ... agreement_first_step_logit_diff); version 6
/// placement_on_ep_share and placement_cpu_fallback_nodes; version 7 what the run used
/// (prefill_busy_cores ... tokens_per_joule; ONNX run_busy_cores ... run_joules); version 8 the
/// serving axes (concurrency, request_rate, turns) and, for results served through GenAI's
/// Engine, the serving columns (serving_mode ... offered_rate_exceeded).
inline constexpr int kRowSchemaVersion = 8;

/// One value: empty (unknown, e.g. threads when stages differ), text, a count, or a measurement
/// already in the column's unit and rounded as the JSON report rounds it.
using Cell = std::variant<std::monostate, std::string, std::int64_t, double>;

/// A column: its name (unit-suffixed) and whether it holds numbers (right-aligned in md).
struct Column {
  std::string name;      ///< header name, e.g. "ttft_p90_ms"
  bool numeric = false;  ///< counts and measurements; false for text
  bool operator==(const Column&) const = default;
};

/// Rows of one runtime: every row has one cell per column.
struct RowTable {
  std::string kind;                     ///< "genai" or "onnx", as the report's kind
  std::vector<Column> columns;          ///< the header
  std::vector<std::vector<Cell>> rows;  ///< one per result
};

/// One row per GenAI result; `shard` is the run's --shard (perf::SweepFacts), empty cells without.
/// Throws winml::Error when the results do not share their columns (different --percentiles).
RowTable genai_rows(std::span<const perf::GenaiPerfResult> results,
                    const std::optional<perf::Shard>& shard = std::nullopt);

/// One row per single-model result. Throws winml::Error as genai_rows does.
RowTable onnx_rows(std::span<const perf::OnnxPerfResult> results,
                   const std::optional<perf::Shard>& shard = std::nullopt);

}  // namespace winml::report
