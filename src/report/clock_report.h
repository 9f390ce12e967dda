#pragma once
/// \file
/// The CPU clock around a result's runs (perf/throttle_check.h) as the result's `clock` object in
/// the JSON report and as the console's line. Fields: docs/metrics.md, "Run hygiene".

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "perf/throttle_check.h"
#include "report/text_table.h"

namespace winml::report {

/// {threshold_percent, throttled, runs: [{round, before_mhz, after_mhz, drop_percent, throttled}]};
/// a reading the system could not give is null, and so are the drop and verdict that need it.
nlohmann::ordered_json clock_json(const std::vector<perf::ClockCheck>& checks);

/// One run's console text: "mean 3400 → 2990 MHz (min 3100 → 2800 MHz) · fell 12.1 %: throttled",
/// "mean 3400 → 3390 MHz (...) · steady", or "unknown (the system does not report the CPU clock)".
std::string clock_text(const perf::ClockCheck& check);

/// The console's "CPU clock" row of a result: clock_text of its run, or one row per round
/// ("round 2: ...") when it ran in several, unless no round could read the clock.
void add_clock_rows(text::Table& table, const std::vector<perf::ClockCheck>& checks);

/// The largest drop of the mean clock over the runs, in percent rounded to 0.01 as the JSON
/// report has it; nullopt when no run could read the clock.
std::optional<double> worst_clock_drop_percent(const std::vector<perf::ClockCheck>& checks);

/// The sweep table's cell: "throttled", "steady" or "unknown" (any round throttled: throttled).
std::string clock_cell(const std::vector<perf::ClockCheck>& checks);

}  // namespace winml::report
