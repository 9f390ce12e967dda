#pragma once
/// \file
/// A GenAI result's roofline (perf/roofline_result.h) as the `metrics.roofline` object of the JSON
/// report and as the console's lines. Fields and formulas: docs/metrics.md, "Roofline".

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "perf/roofline_result.h"

namespace winml::report {

/// {decode, prefill, memory, model, bandwidth_probes}; null when there is no roofline.
nlohmann::ordered_json roofline_json(const std::optional<perf::GenaiRoofline>& roofline);

/// "decode 27.1 GB/s = 87 % of the 31.2 GB/s read bandwidth measured around this run (1.93 GB per
/// step)"; without probes it says so instead of a fraction (and why, when they were skipped because
/// the step fits in the last-level cache); above 100 %, or when the step fits in the last-level
/// cache, it says that the step's bytes came from cache. Bytes here are decimal, as GB/s.
std::string roofline_decode_text(const perf::GenaiRoofline& roofline);

/// The sweep table's cell: "40.0 = 80 %" (GB/s and the fraction of the probed read bandwidth),
/// "40.0" without probes, "n/a" without a roofline; "160.0 = 140 % (in cache)" above the limit, and
/// "(in cache)" after either form when the step fits in the last-level cache.
std::string roofline_decode_cell(const std::optional<perf::GenaiRoofline>& roofline);

/// "prefill 41.2 GFLOP/s (26.4 GFLOP for the 128-token prompt in 640.3 ms)".
std::string roofline_prefill_text(const perf::GenaiRoofline& roofline);

/// "weights 1.8 GiB · KV cache 3.0 MiB at 160 tokens · rest 152.3 MiB of the 2.0 GiB peak RSS"
/// (binary units, as the peak RSS line); without a peak RSS reading the rest is left out.
std::string roofline_memory_text(const perf::GenaiRoofline& roofline);

}  // namespace winml::report
