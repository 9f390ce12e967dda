#pragma once
/// \file
/// The percentiles a report gives (`winml perf --percentiles`): parsing the list, and the names a
/// percentile goes by in the JSON report and in the console table. docs/metrics.md, "Statistics".

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace winml::perf {

/// Most percentiles one --percentiles list may hold (each is a column of every statistics table).
inline constexpr std::size_t kMaxPercentiles = 10;

/// Decimal places a percentile may have (99.999 is the finest): enough for any tail, and it keeps
/// the report keys short.
inline constexpr int kMaxPercentileDecimals = 3;

/// The percentiles reported when --percentiles is not given.
std::vector<double> default_percentiles();

/// The percentiles of a comma-separated list such as "50,90,99,99.9": plain decimal numbers in
/// (0, 100] with at most kMaxPercentileDecimals decimals, at most kMaxPercentiles distinct values;
/// returned sorted ascending without duplicates. Throws winml::UsageError naming the bad entry.
std::vector<double> parse_percentile_list(std::string_view list);

/// The JSON key of percentile p: "p" and the number with "_" for the decimal point, e.g. "p50",
/// "p99_9" ("p99.9" would need quoting in jq and most path languages).
std::string percentile_key(double p);

/// The console column of percentile p: "p50", "p99.9".
std::string percentile_label(double p);

}  // namespace winml::perf
