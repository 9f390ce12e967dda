#pragma once
/// \file
/// Pieces shared by the GenAI and ONNX console reports (internal to src/report).

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "machine/machine_info.h"
#include "perf/run_quality.h"
#include "perf/run_wide.h"
#include "report/columns.h"
#include "report/text_table.h"
#include "stats/statistics.h"

namespace winml::report::text {

/// Header row of a statistics table: metric, n, mean, min, max, one column per percentile (p50,
/// p99.9), stddev.
std::vector<std::string> stats_header(const std::vector<double>& percentiles);

/// A statistics row of durations, every cell in the unit that suits the mean; "-" cells when
/// there are no samples.
std::vector<std::string> duration_row(const std::string& label, const perf::Summary& s);

/// Narrows a statistics table (stats_header) to the columns --columns chose. Its column names are
/// n, mean, ci95 (the ±95% column), min, max, the percentiles (p50, p99.9), stddev and cv; the
/// default is n, mean, ci95, p50, the highest percentile and cv. The metric column always stays.
void choose_stats_columns(Table& table, const ColumnChoice& choice);

/// A statistics row of rates in the given unit (e.g. "tok/s").
std::vector<std::string> rate_row(const std::string& label, const perf::Summary& s, const char* unit);

/// A console label and the statistics it names.
using LabelledSummary = std::pair<std::string, const perf::Summary*>;

/// "outliers (kept)": the outlier count of each of `metrics` that has any; "checks": the
/// coefficient-of-variation and warmup verdicts (the warnings themselves went to stderr).
void add_quality_rows(Table& table, const perf::RunQuality& quality, const std::vector<LabelledSummary>& metrics);

/// "machine", "system", "software" and "power" rows.
void add_machine_rows(Table& table, const perf::MachineInfo& m);

/// The "methods" row: percentile and deviation method, warmup handling.
void add_methods_row(Table& table);

/// A warning line for a non-optimised build (timings from it are meaningless), else empty.
std::string build_warning(const perf::MachineInfo& m, const Style& style);

/// " · 3 rounds, interleaved · delay 0.5 s" for --rounds / --delay; empty for one round without delay.
std::string rounds_text(const perf::RunWide& run);

/// The mean's 95 % interval around the mean, its distances written by `format`: "±0.40", or
/// "-12.35/+40.10" for an interval cut at 0 (docs/metrics.md, "Uncertainty"); "-" without one
/// (a single sample).
std::string interval_around_mean(const perf::Summary& s, const std::function<std::string(double)>& format);

/// "on" / "off".
const char* on_off(bool value);

}  // namespace winml::report::text
