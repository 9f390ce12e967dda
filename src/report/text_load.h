#pragma once
/// \file
/// The load breakdown and cold-start lines of the console reports (internal to src/report).

#include <string>

#include "perf/cold_start.h"
#include "perf/onnx_result.h"
#include "winml/genai_session.h"

namespace winml::report::text {

/// "468 ms (prepare 12 ms · compile 410 ms · model 40 ms · tokenizer 6 ms)"; "other" is named
/// only when something was unattributed.
std::string load_text(const LoadBreakdown& load);

/// "52.0 ms (session creation 50.0 ms · inputs 2.000 ms)".
std::string onnx_load_text(const perf::OnnxRunFacts& facts);

/// "5 runs · load median 45 ms (model 40 ms · tokenizer 5 ms) · TTFT median 30 ms · load + TTFT
/// median 75 ms".
std::string cold_text(const perf::ColdMetrics& cold);

}  // namespace winml::report::text
