#pragma once
/// \file
/// The raw samples of a report read back, checked once for what a measurement cannot be: a
/// negative or non-finite time, a count that is not a whole number, a sample that is not the
/// object or array winml writes, a key a sample always has missing. `perf compare`, `perf merge`
/// and `perf report` all read reports through parse_perf_report, which runs this check, so none
/// of them computes a verdict, a merge or a chart from samples that cannot be.

#include "document/perf_report_document.h"

namespace winml::document {

/// Checks the "samples" object of every result of `report` (docs/report.schema.json): for a genai
/// report samples.timed, .warmup and .cold, for an onnx report samples.first_run_ms, .warmup_ms
/// and .timed_ms. An absent or null array holds no samples; keys the check does not know are left
/// alone (a later winml may add some). Throws winml::UsageError naming the file, the JSON path and
/// the value, e.g. "r.json: results[0].samples.timed_ms[3] is -999, a time cannot be negative".
void check_report_samples(const PerfReportDocument& report);

}  // namespace winml::document
