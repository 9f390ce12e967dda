#include "perf/quality_summary.h"

#include <fmt/format.h>

#include <set>

#include "util/plural.h"

namespace winml::perf {
namespace {

// Where the console's summary sends the reader for the cases it does not spell out.
constexpr const char* kInTheReport = "each is in the report's metrics.quality (-f json)";

std::string prefixed(const std::string& label, const std::string& text) {
  return label.empty() ? text : label + ": " + text;
}

struct Found {
  const LabelledQuality* run = nullptr;
  const HighVariation* metric = nullptr;
};

std::vector<std::string> high_variation_lines(const std::vector<LabelledQuality>& runs) {
  std::vector<Found> found;
  std::set<std::string> combinations;
  for (const LabelledQuality& run : runs) {
    for (const HighVariation& h : run.quality->high_cv) {
      found.push_back({&run, &h});
      combinations.insert(run.label);
    }
  }
  if (found.empty()) return {};
  const Found* worst = &found.front();
  for (const Found& f : found) {
    if (f.metric->cv > worst->metric->cv) worst = &f;
  }
  const double threshold = worst->run->quality->cv_threshold;
  // What else ran is the likeliest cause: said where the variation is.
  const std::string& busy = worst->run->quality->other_load;
  const std::string cause = busy.empty() ? "" : "; " + busy;
  if (found.size() == 1)
    return {prefixed(worst->run->label, high_variation_warning(*worst->metric, threshold) + cause)};
  const std::size_t more = found.size() - 1;
  const std::string where =
      runs.size() > 1 ? fmt::format(", in {} of the {} combinations", combinations.size(), runs.size()) : "";
  return {prefixed(
      worst->run->label,
      fmt::format("{} varies the most between iterations (coefficient of variation {:.1f} % > {:.0f} %, its 95 % "
                  "interval {}), and {} more {} {} above {:.0f} %{}: {}; close other programs, or run more "
                  "iterations (--iterations, --target-ci)",
                  worst->metric->metric, worst->metric->cv * 100, threshold * 100,
                  worst->metric->reach ? reach_text(*worst->metric->reach) : "unknown", more,
                  agree(more, "metric", "metrics"), agree(more, "varies", "vary"), threshold * 100, where,
                  kInTheReport) +
          cause)};
}

// One line for a kind of warning a combination has at most once: the worst one, and how many
// more combinations have it too. `worse(a, b)` says whether a is worse than b.
template <typename Text, typename Worse>
std::vector<std::string> once_per_run_lines(const std::vector<LabelledQuality>& runs, Text text, Worse worse) {
  const LabelledQuality* worst = nullptr;
  std::size_t count = 0;
  for (const LabelledQuality& run : runs) {
    if (text(*run.quality).empty()) continue;
    ++count;
    if (worst == nullptr || worse(*run.quality, *worst->quality)) worst = &run;
  }
  if (worst == nullptr) return {};
  std::string line = prefixed(worst->label, text(*worst->quality));
  if (count > 1) line += fmt::format(" (the same in {}: {})", count_of(count - 1, "more combination"), kInTheReport);
  return {line};
}

}  // namespace

std::vector<std::string> quality_summary(const std::vector<LabelledQuality>& runs) {
  std::vector<std::string> lines = high_variation_lines(runs);
  for (std::string& line : once_per_run_lines(
           runs,
           [](const RunQuality&q) { return q.other_load.empty() ? q.other_load : other_load_warning(q.other_load); },
           [](const RunQuality&a, const RunQuality&b) { return a.other_busy_cores > b.other_busy_cores; })) {
    lines.push_back(std::move(line));
  }
  for (std::string& line : once_per_run_lines(
           runs, [](const RunQuality&q) -> const std::string& { return q.warmup_warning; },
           [](const RunQuality&a, const RunQuality&b) { return a.suggested_warmup > b.suggested_warmup; })) {
    lines.push_back(std::move(line));
  }
  // The widest interval reached is the furthest from its target; no interval at all is worse still.
  auto reached = [](const RunQuality& q) {
    return q.target_ci && q.target_ci->half_width_pct ? *q.target_ci->half_width_pct : 1e300;
  };
  for (std::string& line : once_per_run_lines(
           runs, [](const RunQuality&q) -> const std::string& { return q.target_ci_warning; },
           [&](const RunQuality&a, const RunQuality&b) { return reached(a) > reached(b); })) {
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace winml::perf
