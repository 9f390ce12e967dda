#pragma once
/// \file
/// The output of `winml perf compare`: a console table per compared result, or a JSON document
/// (docs/compare.schema.json). Only formats; compare/report_compare.h and compare/gate.h decide.

#include <optional>
#include <string>

#include "compare/gate.h"
#include "compare/report_compare.h"

namespace winml::compare {

/// The schema version of the comparison JSON document (2: what a comparison compares, `compared`
/// and `labels`, and each metric's `ratio` and `ci_ratio`).
inline constexpr int kCompareSchemaVersion = 2;

/// The console text: one table per compared result (metric, both means, sample counts, change,
/// its interval, verdict; comparing setups — devices, EPs, thread counts — the ratio and its
/// interval, the value columns headed by each side's label, under a "comparing devices: ..." line), the unpaired
/// results, and the gate's outcome when `gate` is given (compare/gate.h, computed from `comparison`). `color` adds ANSI
/// colours: slower in red, faster in green.
std::string compare_text(const Comparison& comparison, const std::optional<GateVerdict>& gate, bool color);

/// The JSON document (schema_version kCompareSchemaVersion), 2-space indented, ending in a newline;
/// its "gate" is `gate`'s outcome, or null without one.
std::string compare_json(const Comparison& comparison, const std::optional<GateVerdict>& gate);

}  // namespace winml::compare
