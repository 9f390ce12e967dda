#pragma once
/// \file
/// The console view of a sweep (internal to src/report): one line per combination, llama-bench
/// style, with the settings that vary first and the headline metrics as mean ± stddev after.

#include <string>

#include "perf/perf_report.h"
#include "report/sparkline.h"
#include "report/text_table.h"

namespace winml::report::text {

/// Title, shared configuration and machine, then the sweep table of a GenAI run: per combination
/// its swept settings, TTFT and TPOT (ms), decode and prefill rates (tok/s).
std::string genai_sweep_text(const perf::GenaiPerfReport& report, const Style& style);

/// The same for a single-model run: swept settings, latency (ms), throughput (samples/s).
std::string onnx_sweep_text(const perf::OnnxPerfReport& report, const Style& style);

}  // namespace winml::report::text
