#pragma once
/// \file
/// `winml perf compare BASE.json NEW.json [MORE.json ...]`: every later report against the base,
/// result by result and metric by metric, each change tested with Welch's t-test on the raw
/// samples. docs/metrics.md, "Comparing runs".

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/compare_match.h"
#include "compare/compare_metrics.h"
#include "compare/profile_compare.h"
#include "document/perf_report_document.h"
#include "perf/output_agreement.h"
#include "stats/welch.h"

namespace winml::compare {

/// What a comparison concludes about one metric.
enum class Verdict {
  faster,      ///< significantly better (lower time, higher rate)
  slower,      ///< significantly worse
  unchanged,   ///< no significant change
  one_sample,  ///< a side has a single sample: no test
  no_samples,  ///< a side has none (no decode step, memory not measured)
  zero_base,   ///< the base mean is 0: no relative change
};

/// One metric of a base result against the new result it pairs with.
struct MetricComparison {
  CompareMetric metric;
  perf::SampleMoments base, next;
  std::optional<perf::WelchComparison> test;  ///< when both sides have at least 2 samples
  Verdict verdict = Verdict::no_samples;
  /// 100 × (new mean / base mean − 1); nullopt when a side has no samples or the base mean is 0.
  std::optional<double> change_percent() const;
  /// How much slower new is, in percent of base: the change for a time, its negation for a rate
  /// (tokens/s down 20 % is 20 % slower); nullopt as change_percent.
  std::optional<double> slower_percent() const;
  /// new mean / base mean: how many times the base's value the new side measured; nullopt as
  /// change_percent. Its interval is test->ratio_low/high.
  std::optional<double> ratio() const;
};

/// One pair of results.
struct RowComparison {
  nlohmann::ordered_json identity;  ///< the matched identity fields and their values; {} for plain runs
  std::vector<MetricComparison> metrics;
  std::vector<OpTypeChange> op_types;  ///< both results profiled (--profile): the op types that changed most
  /// GenAI: the new result's greedy output checked against the base's (docs/metrics.md,
  /// "Agreement"); nullopt when either report predates the output record.
  std::optional<perf::Agreement> agreement;
};

/// One new report against the base.
struct ReportComparison {
  std::string base_source, new_source;
  std::vector<std::string> keys;          ///< the identity fields rows were matched on
  std::vector<std::string> incompatible;  ///< what makes them measure different work (only under force)
  std::vector<std::string> fix_flags;     ///< the flags that set what `incompatible` names
  /// The load-time settings the runs differ in (ep, device, threads, compile): what the comparison
  /// compares. Empty for two runs of one setup (a change of code, machine or version).
  std::vector<SettingChange> compared;
  std::vector<std::string> settings;  ///< how else the runs were made differently (machine, versions, ...)
  /// What each side is, named by its values of the compared settings ("ep=cpu", "ep=winmltestep
  /// threads=2"); the report's file names when no load-time setting differs.
  std::string base_label, new_label;
  std::vector<RowComparison> rows;
  std::vector<nlohmann::ordered_json> only_in_base, only_in_new;  ///< identities of unpaired results
};

/// All comparisons of one `perf compare`.
struct Comparison {
  std::string kind;  ///< "genai" or "onnx"
  std::vector<ReportComparison> reports;
};

/// Compares reports[1..] each against reports[0]. Throws winml::UsageError when fewer than two
/// are given, when they are of different kinds or compute statistics differently, and, unless
/// `force`, when paired results measure different work (incompatible lists every difference).
Comparison compare_reports(const std::vector<document::PerfReportDocument>& reports, bool force);

/// What the compared settings are, for a heading: "devices" (ep or device), "thread counts",
/// "compile settings", joined with "and"; "" when `compared` is empty.
std::string compared_subject(const std::vector<SettingChange>& compared);

/// "no significant change", "faster", "n/a (one sample)", ... as the console says it.
std::string verdict_name(Verdict verdict);

/// "unchanged", "faster", "one_sample", ... as the JSON's "verdict" says it.
std::string verdict_code(Verdict verdict);

}  // namespace winml::compare
