#pragma once
/// \file
/// The power state as the console shows it (internal to src/report): the perf report's "power"
/// row and `winml sys`'s "Power" line, both from the JSON object json_fields::power writes.

#include <nlohmann/json.hpp>
#include <string>

namespace winml::report::text {

/// "battery 43 % · power mode balanced", "AC · battery 87 %", "AC", "unknown": the source, the
/// battery level when known, the mode when there is one. An object without a known source (a
/// report of another tool) reads "unknown".
std::string power_text(const nlohmann::ordered_json& power);

}  // namespace winml::report::text
