#pragma once
/// \file
/// A GenAI result's greedy output and its agreement check as the console shows them.

#include <string>

#include "perf/greedy_output.h"
#include "perf/output_agreement.h"

namespace winml::report::text {

/// "12 ids · digest 0123456789abcdef · first 5 17 2 9 9 3 1 4 … · token 1: 5 (12.50), 17 (11.20), …":
/// the first kShownIds of the kept ids, then the first token's candidates with their logits.
std::string greedy_output_text(const perf::GreedyOutput& output);

/// The agreement of a sweep row, short enough for a table cell: "reference", "identical",
/// "differ at 7", "differ after 32", "not comparable (sampling)".
std::string agreement_cell(const perf::Agreement& agreement);

/// The first-step logit difference of a row for a table cell ("2.4e-07"), "-" without one.
std::string logit_diff_cell(const perf::Agreement& agreement);

}  // namespace winml::report::text
