#pragma once
/// \file
/// The output of `winml perf compare`: a console table per compared result, or a JSON document
/// (docs/compare.schema.json). Only formats; report/report_compare.h decides.

#include <optional>
#include <string>

#include "compare/report_compare.h"

namespace winml::report {

/// The schema version of the comparison JSON document.
inline constexpr int kCompareSchemaVersion = 1;

/// The console text: one table per compared result (metric, both means, sample counts, change,
/// its interval, verdict), the unpaired results, and the gate's outcome when `fail_if_slower` is
/// given. `color` adds ANSI colours: slower in red, faster in green.
std::string compare_text(const Comparison& comparison, const std::optional<double>& fail_if_slower, bool color);

/// One finding of --fail-if-slower, as the console and the error say it: "TTFT 12.5 % slower in
/// new.json (threads=1)" for a regression; with `unjudged_metric`, "TTFT in new.json: 1 base and
/// 0 new samples; ..." for a metric the gate could not judge (report/report_compare.h, unjudged).
std::string gate_finding_text(const Regression& finding, bool unjudged_metric);

/// The JSON document (schema_version kCompareSchemaVersion), 2-space indented, ending in a newline.
std::string compare_json(const Comparison& comparison, const std::optional<double>& fail_if_slower);

}  // namespace winml::report
