#pragma once
/// \file
/// The console view of a sweep (internal to src/report): one line per combination, llama-bench
/// style, with the settings that vary first and the headline metrics as mean ± stddev after.

#include <string>

#include "perf/perf_report.h"
#include "report/columns.h"
#include "report/sparkline.h"
#include "report/text_table.h"

namespace winml::report::text {

/// Title, shared configuration and machine, then the sweep table of a GenAI run: per combination
/// its swept settings, TTFT and TPOT (ms), decode and prefill rates (tok/s).
/// `columns` (--columns) picks among ttft, tpot, decode, prefill, decode_gbps, clock, greedy,
/// step1_diff and peak_rss (default: ttft, tpot, decode, peak_rss and, when rows were checked
/// against each other, greedy); the swept settings always lead.
std::string genai_sweep_text(const perf::GenaiPerfReport& report, const Style& style, const ColumnChoice& columns = {});

/// The same for a single-model run: swept settings, latency (ms), throughput (samples/s).
/// `columns` picks among latency, p90, samples_per_s, clock and peak_rss (default: latency, p90,
/// samples_per_s, peak_rss).
std::string onnx_sweep_text(const perf::OnnxPerfReport& report, const Style& style, const ColumnChoice& columns = {});

}  // namespace winml::report::text
