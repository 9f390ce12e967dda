#pragma once
/// \file
/// Constructed results for the perf compare tests: timings of known noise, scaled by a factor, so
/// that a test knows the true change. Changing them changes the golden files of tests/report/golden/compare.

#include <nlohmann/json.hpp>
#include <string>

#include "document/perf_report_document.h"

namespace winml::testing {

/// One GenAI result of 8 timed iterations (prefill about 50 ms ± 2 %, a 1 ms first token, 4 decode
/// steps of about 10 ms, peak RSS 500 MB), every time multiplied by `scale`, with the given
/// identity (threads requested and in effect, prompt tokens), bundle path and EP (the device
/// follows it: "cpu" on the CPU EP, "npu" on any other).
nlohmann::ordered_json genai_result(double scale, int threads = 1, int prompt_tokens = 16,
                                    const std::string& bundle = "/m/tiny", const std::string& ep = "cpu");

/// A single model's results array: one result of 10 latencies of about 5 ms ± 2 % times `scale`,
/// peak RSS not measured (0).
nlohmann::ordered_json onnx_results(double scale);

/// A version 2 report named `source` holding `results`.
::winml::document::PerfReportDocument document(const std::string& source, nlohmann::ordered_json results,
                                               const std::string& kind = "genai");

}  // namespace winml::testing
