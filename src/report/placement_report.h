#pragma once
/// \file
/// Placement (winml/placement.h) in the reports: the JSON array of a result, the console rows, and
/// the row columns (internal to src/report).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/text_table.h"
#include "winml/placement.h"

namespace winml::report {

/// The result's "placement" array (docs/report.schema.json, $defs/placement).
nlohmann::ordered_json placement_json(const std::vector<StagePlacement>& stages);

/// The console rows: "placement" then one row per stage, "<stage>  18 of 40 nodes on ...", the
/// stage names padded to one width, and the probes' cost when they were probes.
void add_placement_rows(text::Table& table, const std::vector<StagePlacement>& stages);

/// Share of all the result's nodes (every stage) on the EP each stage was configured for, 0..1;
/// negative when no placement is known.
double configured_ep_share(const std::vector<StagePlacement>& stages);

}  // namespace winml::report
