#pragma once
/// \file
/// A result's op-level profile (perf/run_profile.h) as the `metrics.profile` object of the JSON
/// report and as the console's tables, one per phase. Fields: docs/metrics.md, "Op-level profile".

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "perf/run_profile.h"
#include "report/text_table.h"

namespace winml::report {

/// {method, note, directory, traces, merged_trace, runs, top_k, cpu_share, phases}; null without
/// --profile.
nlohmann::ordered_json profile_json(const std::optional<perf::RunProfile>& profile);

/// The console's profile section: a headline (where the traces are, the CPU share) and one table
/// per phase (time by stage, by EP, by operator type, the top nodes) with its gap line.
std::string profile_text(const perf::RunProfile& profile, const text::Style& style);

}  // namespace winml::report
