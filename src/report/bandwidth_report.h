#pragma once
/// \file
/// The memory-bandwidth probe's result as a JSON object and as console text: the `bandwidth` object
/// of `winml sys --bandwidth -f json` and its "Memory bandwidth" section (fields in
/// docs/metrics.md, "Memory bandwidth"), kept apart from sys so a perf report can carry the same
/// object.

#include <nlohmann/json.hpp>
#include <string>

#include "machine/bandwidth_probe.h"
#include "report/text_table.h"

namespace winml::report {

/// {threads, arrays, array_bytes, last_level_cache_bytes, setup_ms, timed_ms, read, triad}; read
/// and triad are {bytes_per_repetition, repetitions, best_gb_per_s, median_gb_per_s,
/// samples_gb_per_s}. Rates rounded to 1e-6 GB/s, durations in milliseconds.
nlohmann::ordered_json bandwidth_json(const perf::BandwidthResult& result);

/// The console section, from the object bandwidth_json() makes: a title line with the threads and
/// array sizes, then a table of best and median GB/s per kernel.
std::string bandwidth_text(const nlohmann::ordered_json& bandwidth, const text::Style& style);

}  // namespace winml::report
