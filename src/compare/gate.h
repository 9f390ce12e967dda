#pragma once
/// \file
/// `perf compare --fail-if-slower PCT`: the CI gate, decided once from a comparison and read by the
/// console text, the JSON document and the command's exit code alike.

#include <string>
#include <vector>

#include "compare/report_compare.h"

namespace winml::compare {

/// A primary metric the gate names: significantly slower than allowed, or without a test.
struct Regression {
  std::string new_source;
  std::string row;  ///< identity_label of its row; "" for plain runs
  const MetricComparison* metric = nullptr;
};

/// The regressions --fail-if-slower `percent` finds: primary metrics whose verdict is slower and
/// whose slower_percent exceeds `percent`.
std::vector<Regression> regressions(const Comparison& comparison, double percent);

/// The primary metrics of paired results that a gate cannot judge, in the Regression layout:
/// those with fewer than 2 samples in the base or the new result (no test: an empty or
/// one-iteration candidate), or a base mean of 0 (no relative change). A gate with any of them
/// fails as not evaluated rather than passing on nothing.
std::vector<Regression> unjudged(const Comparison& comparison);

/// Why an unjudged metric has no verdict: "1 base and 0 new samples; a test needs at least 2 on
/// each side", or that the base mean is 0.
std::string unjudged_reason(const MetricComparison& metric);

/// How a gate ends.
enum class GateOutcome {
  passed,         ///< no primary metric slower than allowed, every one tested
  regressed,      ///< a primary metric significantly slower than allowed (exit code 4)
  not_evaluated,  ///< none slower, but a primary metric has no test (exit code 5)
};

/// What the gate concludes. Its findings point into the Comparison it was computed from, which
/// must outlive it.
struct GateVerdict {
  double limit_percent = 0;               ///< the PCT of --fail-if-slower
  std::vector<Regression> regressions;    ///< regressions(comparison, limit_percent)
  std::vector<Regression> not_evaluated;  ///< unjudged(comparison)
  GateOutcome outcome() const;
  /// Why the gate failed, naming each finding, as the command's error says it; "" when it passed.
  std::string failure() const;
};

/// The gate --fail-if-slower `limit_percent` sets on `comparison`.
GateVerdict gate(const Comparison& comparison, double limit_percent);

/// One finding of the gate, as the console and the error say it: "TTFT 12.5 % slower in new.json
/// (threads=1)" for a regression; with `unjudged_metric`, "TTFT in new.json: 1 base and 0 new
/// samples; ..." for a metric the gate could not judge.
std::string gate_finding_text(const Regression& finding, bool unjudged_metric);

}  // namespace winml::compare
