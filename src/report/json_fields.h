#pragma once
/// \file
/// Building blocks shared by the JSON reports (internal to src/report). Units are fixed here:
/// every duration becomes milliseconds under a name ending in _ms, every rate stays per second
/// under a name ending in _per_s, memory stays in bytes under a name ending in _bytes.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "machine/machine_info.h"
#include "perf/run_quality.h"
#include "perf/run_wide.h"
#include "session/threads_in_effect.h"
#include "stats/statistics.h"

namespace winml::report::json_fields {

/// Objects keep insertion order so a report reads top-down (schema_version and kind first).
using Json = nlohmann::ordered_json;

/// Seconds to milliseconds, rounded to the nanosecond so reports do not carry binary noise.
double ms(double seconds);

/// A rate rounded to 1e-6, for the same reason.
double rate(double per_second);

/// Milliseconds, or null when the optional duration is unset.
Json ms_or_null(const std::optional<double>& seconds);

/// {count, mean, min, max, one key per percentile (p50, p99_9: perf::percentile_key), stddev, cv,
/// mean_ci95 {low, high} | null, median_ci95 {low, high, coverage} | null, outliers {count,
/// indices}}; values in milliseconds.
Json summary_ms(const perf::Summary& s);

/// {count, mean, ...} for a rate; values per second.
Json summary_rate(const perf::Summary& s);

/// summary_ms without the uncertainty fields (cv, mean_ci95, median_ci95, outliers): the decode
/// timeline has one per position, where they would only repeat what the overall summary says.
Json distribution_ms(const perf::Summary& s);

/// The "quality" object: {cv_threshold, high_cv, warmup_check, suggested_warmup, warnings}.
Json run_quality(const perf::RunQuality& q);

/// The machine's power state: {source: "ac"|"battery"|"unknown", battery_percent, mode}, null for
/// what the system does not say (docs/metrics.md, "Power state").
Json power(const platform::PowerState& p);

/// The "machine" object.
Json machine(const perf::MachineInfo& m);

/// The "threads" object of a report's config: requested, source, intra_op_threads, stages,
/// runtime_default {intra_op_threads, rule}, logical_cores, physical_cores.
Json threads(const perf::ThreadsInEffect& t);

/// Appends the run-wide settings to a result's "config": threads, percentiles, rounds, delay_ms,
/// timestamp (in that order, last).
void add_run_wide(Json& config, const perf::RunWide& run);

/// The "methods" object: how percentiles and deviations are computed, and warmup handling.
Json methods();

/// {schema_version, kind, methods} as the start of a report of the given kind.
Json header(const std::string& kind);

/// The text of a report document: 2-space indented, ending in a newline. Bytes that are not UTF-8
/// (a prompt file or a path need not be) become U+FFFD instead of failing the report.
std::string document_text(const Json& doc);

/// The text of a perf report (or a merged one): as document_text, but laid out as
/// report/json_layout.h says, arrays of plain values (the raw samples) filled into lines.
std::string report_text(const Json& doc);

/// A value read from a report as a message quotes it: its JSON text in ASCII (so no control
/// character or invalid byte of the file reaches a terminal), cut to `longest` characters.
std::string quoted_value(const Json& value, std::size_t longest = 60);

}  // namespace winml::report::json_fields
