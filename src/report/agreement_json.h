#pragma once
/// \file
/// A GenAI result's "output" (what its reference generation produced) and "agreement" (that output
/// checked against another result's) as the JSON report holds them, and the output read back, so
/// that `perf compare` checks two reports with the same rule a sweep uses.

#include <optional>

#include "perf/greedy_output.h"
#include "perf/output_agreement.h"
#include "report/json_fields.h"

namespace winml::report::json_fields {

/// {decoding: greedy|sampling, generation: warmup|timed, tokens, ids_digest, first_ids,
/// first_step_top: [{id, logit}]}.
Json greedy_output(const perf::GreedyOutput& output);

/// {status, reference, diverges_at_token, first_step_logit_diff, reason, text}; reference is the
/// index of the result checked against in the same report, null where there is none (compare).
Json agreement(const perf::Agreement& agreement, bool with_reference = true);

/// The output of a result object (its "output" member); nullopt when the result has none or it
/// does not have the shape greedy_output() writes.
std::optional<perf::GreedyOutput> read_greedy_output(const Json& result);

/// Checks each result of a report's "results" array against the first with the same prompt and
/// lengths (config prompt, prompt_tokens, depth, max_new_tokens_effective, max_length_requested,
/// stop_at_eos), as a sweep does, and sets its "agreement"; a result without an output keeps
/// none. For reports joined from several runs (perf merge), whose indices are new.
void check_results_agreement(Json& results);

}  // namespace winml::report::json_fields
