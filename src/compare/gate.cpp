#include "compare/gate.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compare/compare_match.h"
#include "util/plural.h"
#include "util/printable.h"

namespace winml::compare {
namespace {

// The primary metrics of every paired row for which `pick` holds.
template <class Pick>
std::vector<Regression> primary_metrics(const Comparison& comparison, Pick pick) {
  std::vector<Regression> found;
  for (const ReportComparison& report : comparison.reports) {
    for (const RowComparison& row : report.rows) {
      for (const MetricComparison& metric : row.metrics) {
        if (metric.metric.primary && pick(metric)) {
          found.push_back({report.new_source, identity_label(row.identity), &metric});
        }
      }
    }
  }
  return found;
}

}  // namespace

std::vector<Regression> regressions(const Comparison& comparison, double percent) {
  return primary_metrics(comparison, [percent](const MetricComparison& metric) {
    const auto slower = metric.slower_percent();
    return metric.verdict == Verdict::slower && slower && *slower > percent;
  });
}

std::vector<Regression> unjudged(const Comparison& comparison) {
  return primary_metrics(comparison, [](const MetricComparison& metric) { return !metric.test; });
}

std::string unjudged_reason(const MetricComparison& metric) {
  if (metric.verdict == Verdict::zero_base) return "the base mean is 0, so there is no relative change";
  return fmt::format("{} base and {} new samples; a test needs at least 2 on each side", metric.base.count,
                     metric.next.count);
}

GateOutcome GateVerdict::outcome() const {
  if (!regressions.empty()) return GateOutcome::regressed;
  return not_evaluated.empty() ? GateOutcome::passed : GateOutcome::not_evaluated;
}

namespace {

std::vector<std::string> findings_text(const std::vector<Regression>& findings, bool unjudged_metrics) {
  std::vector<std::string> out;
  out.reserve(findings.size());
  for (const Regression& r : findings) out.push_back(gate_finding_text(r, unjudged_metrics));
  return out;
}

}  // namespace

std::string GateVerdict::failure() const {
  switch (outcome()) {
    case GateOutcome::passed:
      return "";
    case GateOutcome::regressed:
      return fmt::format("significantly slower by more than --fail-if-slower {:g} %: {}{}", limit_percent,
                         fmt::join(findings_text(regressions, false), "; "),
                         not_evaluated.empty() ? ""
                                               : fmt::format(" (and {} not evaluated)",
                                                             count_of(not_evaluated.size(), "primary metric")));
    case GateOutcome::not_evaluated:
      return fmt::format(
          "--fail-if-slower {:g} could not be evaluated: a primary metric has fewer than 2 samples in the base or the "
          "new report, so no test says whether it got slower: {}. Compare runs of at least 2 timed iterations each "
          "(--iterations 2 or more).",
          limit_percent, fmt::join(findings_text(not_evaluated, true), "; "));
  }
  return "";
}

GateVerdict gate(const Comparison& comparison, double limit_percent) {
  return {limit_percent, regressions(comparison, limit_percent), unjudged(comparison)};
}

std::string gate_finding_text(const Regression& finding, bool unjudged_metric) {
  const MetricComparison& m = *finding.metric;
  // The file name and the row's settings came from reports: escaped before any console sees them.
  const std::string row = finding.row.empty() ? "" : " (" + printable(finding.row) + ")";
  const std::string source = printable(finding.new_source);
  if (unjudged_metric) return fmt::format("{} in {}{}: {}", m.metric.label, source, row, unjudged_reason(m));
  return fmt::format("{} {:.1f} % slower in {}{}", m.metric.label, *m.slower_percent(), source, row);
}

}  // namespace winml::compare
