#pragma once
/// \file
/// Whether two results computed the same thing (docs/metrics.md, "Agreement"): the same greedy
/// ids, or where they first part, and how far apart their first-step logits are. A sweep checks
/// each result against the first one that ran the same prompt and lengths; `perf compare` checks
/// the new report's results against the base's.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perf/greedy_output.h"

namespace winml::perf {

/// What the check found.
enum class AgreementStatus {
  reference,       ///< the row the others are checked against
  identical,       ///< the same number of ids with the same digest
  diverged,        ///< some id differs (or one run stopped earlier)
  not_comparable,  ///< sampling, or a different prompt or length: no verdict
};

/// "reference", "identical", "diverged", "not_comparable" (the report's spelling).
const char* to_string(AgreementStatus status);

/// One result checked against its reference.
struct Agreement {
  AgreementStatus status = AgreementStatus::reference;
  /// In a sweep, the 0-based index of the reference result (itself when it is one).
  std::size_t reference = 0;
  /// diverged: the 1-based position of the first generated id that differs; nullopt when the
  /// first kKeptOutputIds agree and only the digests differ (the divergence lies beyond them).
  std::optional<int> diverges_at;
  /// The largest |logit difference| over the ids in both first-step top lists; nullopt when the
  /// lists share no id or either is missing.
  std::optional<double> first_step_logit_diff;
  std::string reason;  ///< not_comparable: why, e.g. "sampling"
};

/// Checks `row` against `reference` (both of the same prompt and lengths; the caller decides).
Agreement check_agreement(const GreedyOutput& reference, const GreedyOutput& row);

/// The verdict in words: "reference", "identical ids", "differ at token 7", "differ after token
/// 32", "not comparable (sampling)"; with the first-step logit difference when there is one
/// ("identical ids · step-1 logit Δ 2.4e-07").
std::string agreement_text(const Agreement& agreement);

/// Agreement of each result of a sweep: result i is checked against the first result j <= i with
/// the same `same_run[j] == same_run[i]` key (the prompt and lengths it ran); nullopt where a
/// result has no output.
template <class Key>
std::vector<std::optional<Agreement>> sweep_agreement(const std::vector<std::optional<GreedyOutput>>& outputs,
                                                      const std::vector<Key>& same_run) {
  std::vector<std::optional<Agreement>> out(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!outputs[i]) continue;
    std::size_t ref = i;
    for (std::size_t j = 0; j < i; ++j) {
      if (outputs[j] && same_run[j] == same_run[i]) {
        ref = j;
        break;
      }
    }
    Agreement a;
    if (ref != i) a = check_agreement(*outputs[ref], *outputs[i]);
    a.reference = ref;
    out[i] = a;
  }
  return out;
}

}  // namespace winml::perf
