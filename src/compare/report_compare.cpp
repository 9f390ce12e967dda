#include "compare/report_compare.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <initializer_list>
#include <iterator>

#include "compare/compare_match.h"
#include "document/report_identity.h"
#include "report/agreement_json.h"
#include "winml/errors.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;

MetricComparison compare_metric(const MetricSamples& base, const MetricSamples& next) {
  MetricComparison out{base.metric, perf::moments(base.samples), perf::moments(next.samples), std::nullopt,
                       Verdict::no_samples};
  if (out.base.count == 0 || out.next.count == 0) return out;
  if (out.base.mean == 0) {
    out.verdict = Verdict::zero_base;
    return out;
  }
  if (out.base.count < 2 || out.next.count < 2) {
    out.verdict = Verdict::one_sample;
    return out;
  }
  out.test = perf::welch_compare(out.base, out.next);
  if (!out.test->significant) {
    out.verdict = Verdict::unchanged;
  } else {
    const bool higher = out.next.mean > out.base.mean;
    out.verdict = higher == (out.metric.better == Better::higher) ? Verdict::faster : Verdict::slower;
  }
  return out;
}

// The settings that decide which ids a greedy generation produces; two results that differ in
// one of them generated different things, so their ids say nothing about each other.
bool same_generation_work(const Json& base, const Json& next) {
  static constexpr const char* kKeys[] = {"prompt", "prompt_tokens", "depth", "max_new_tokens_effective",
                                          "stop_at_eos"};
  const Json& a = base.value("config", Json::object());
  const Json& b = next.value("config", Json::object());
  return std::all_of(std::begin(kKeys), std::end(kKeys),
                     [&](const char* key) { return a.value(key, Json()) == b.value(key, Json()); });
}

// The new result's output against the base's: nullopt when either has none.
std::optional<perf::Agreement> output_agreement(const Json& base, const Json& next) {
  const auto base_output = report::json_fields::read_greedy_output(base);
  const auto new_output = report::json_fields::read_greedy_output(next);
  if (!base_output || !new_output) return std::nullopt;
  if (!same_generation_work(base, next)) {
    perf::Agreement a;
    a.status = perf::AgreementStatus::not_comparable;
    a.reason = "different prompt or lengths";
    return a;
  }
  return perf::check_agreement(*base_output, *new_output);
}

RowComparison compare_row(const document::PerfReportDocument& base, std::size_t b,
                          const document::PerfReportDocument& next, std::size_t n,
                          const std::vector<std::string>& keys) {
  const Json& base_result = base.results.at(b);
  const std::vector<MetricSamples> base_metrics = compared_metrics(base_result, base.kind);
  const std::vector<MetricSamples> new_metrics = compared_metrics(next.results.at(n), next.kind);
  RowComparison row{identity_of(base_result, keys), {}, {}, output_agreement(base_result, next.results.at(n))};
  for (std::size_t i = 0; i < base_metrics.size(); ++i)
    row.metrics.push_back(compare_metric(base_metrics[i], new_metrics[i]));
  row.op_types = op_type_changes(base_result, next.results.at(n));
  return row;
}

template <class Item>
void add_unique(std::vector<Item>& into, const std::vector<Item>& items) {
  for (const Item& item : items) {
    if (std::find(into.begin(), into.end(), item) == into.end()) into.push_back(item);
  }
}

// A side named by its values of the compared settings, each setting once ("ep=cpu threads=1");
// `source` (the file's name) when none differs.
std::string side_label(const std::vector<SettingChange>& compared, bool base, const std::string& source) {
  Json values = Json::object();
  for (const SettingChange& change : compared) {
    if (!values.contains(change.name)) values[change.name] = base ? change.base : change.next;
  }
  return values.empty() ? source : identity_label(values);
}

ReportComparison compare_pair(const document::PerfReportDocument& base, const document::PerfReportDocument& next) {
  ReportComparison out;
  out.base_source = base.source;
  out.new_source = next.source;
  // A report rewritten by a tool (jq, Python) keeps its meaning, not its key order.
  if (!document::same_meaning(base.methods, next.methods)) {
    out.incompatible.push_back(
        fmt::format("methods (how statistics are computed) differ between {} and {}", base.source, next.source));
  }
  const ResultMatching matching = match_results(base.results, next.results);
  out.keys = matching.keys;
  for (const ResultPair& pair : matching.pairs) {
    const PairDifferences differences =
        pair_differences(base.results.at(pair.base), next.results.at(pair.next), base.kind, base.source, next.source);
    add_unique(out.incompatible, differences.incompatible);
    add_unique(out.fix_flags, differences.fix_flags);
    add_unique(out.compared, differences.compared);
    add_unique(out.settings, differences.settings);
    out.rows.push_back(compare_row(base, pair.base, next, pair.next, out.keys));
  }
  for (std::size_t b : matching.only_in_base) out.only_in_base.push_back(identity_of(base.results.at(b), out.keys));
  for (std::size_t n : matching.only_in_new) out.only_in_new.push_back(identity_of(next.results.at(n), out.keys));
  if (out.rows.empty()) {
    out.incompatible.push_back(fmt::format("no result of {} has the identity of one of {} ({} of the base, {} new)",
                                           next.source, base.source, out.only_in_base.size(), out.only_in_new.size()));
  }
  out.base_label = side_label(out.compared, true, base.source);
  out.new_label = side_label(out.compared, false, next.source);
  return out;
}

// The way out of a refusal. EP, device, threads and compile are not in it: runs that differ in
// those alone compare without --force (a device comparison).
std::string refusal_fix(const ReportComparison& report, const std::string& base, const std::string& next) {
  if (report.rows.empty()) {
    return "Compare runs of the same sweep (the same prompt_tokens, max_new_tokens, ... values; ep, device and "
           "threads may differ).";
  }
  const std::string rerun =
      report.fix_flags.empty()
          ? std::string("Compare runs of one model (ep, device, threads and compile may differ)")
          : fmt::format(
                "Measure both with the same {} (rerun {}'s run with {}'s values; ep, device, threads and "
                "compile may differ)",
                fmt::join(report.fix_flags, ", "), next, base);
  return rerun + ", or pass --force to compare them anyway.";
}

}  // namespace

std::optional<double> MetricComparison::change_percent() const {
  if (base.count == 0 || next.count == 0 || base.mean == 0) return std::nullopt;
  return 100 * (next.mean / base.mean - 1);
}

std::optional<double> MetricComparison::ratio() const {
  if (base.count == 0 || next.count == 0 || base.mean == 0) return std::nullopt;
  return next.mean / base.mean;
}

std::optional<double> MetricComparison::slower_percent() const {
  const auto change = change_percent();
  if (!change) return std::nullopt;
  return metric.better == Better::lower ? *change : -*change;
}

namespace {

// Each verdict's code (JSON) and words (console).
struct VerdictNames {
  Verdict verdict;
  const char* code;
  const char* words;
};
constexpr VerdictNames kVerdictNames[] = {
    {Verdict::faster, "faster", "faster"},
    {Verdict::slower, "slower", "slower"},
    {Verdict::unchanged, "unchanged", "no significant change"},
    {Verdict::one_sample, "one_sample", "n/a (one sample)"},
    {Verdict::no_samples, "no_samples", "n/a (no samples)"},
    {Verdict::zero_base, "zero_base", "n/a (base is 0)"},
};

const VerdictNames& names_of(Verdict verdict) {
  return *std::find_if(std::begin(kVerdictNames), std::end(kVerdictNames),
                       [&](const VerdictNames& n) { return n.verdict == verdict; });
}

}  // namespace

std::string compared_subject(const std::vector<SettingChange>& compared) {
  auto differs = [&](std::initializer_list<const char*> names) {
    return std::any_of(compared.begin(), compared.end(), [&](const SettingChange& c) {
      return std::find(names.begin(), names.end(), c.name) != names.end();
    });
  };
  std::vector<std::string> subjects;
  if (differs({"ep", "device"})) subjects.emplace_back("devices");
  if (differs({"threads"})) subjects.emplace_back("thread counts");
  if (differs({"compile"})) subjects.emplace_back("compile settings");
  return fmt::format("{}", fmt::join(subjects, " and "));
}

std::string verdict_name(Verdict verdict) { return names_of(verdict).words; }

std::string verdict_code(Verdict verdict) { return names_of(verdict).code; }

Comparison compare_reports(const std::vector<document::PerfReportDocument>& reports, bool force) {
  if (reports.size() < 2) {
    throw UsageError(
        "perf compare needs a base report and at least one to compare with it, e.g. winml perf compare base.json "
        "new.json");
  }
  const document::PerfReportDocument& base = reports.front();
  Comparison comparison{base.kind, {}};
  for (std::size_t i = 1; i < reports.size(); ++i) {
    const document::PerfReportDocument& next = reports[i];
    if (next.kind != base.kind) {
      throw UsageError(fmt::format(
          "{} measures a {} but {} a {}; compare reports of one kind (two bundle runs, or two single-model runs).",
          base.source, base.kind == "genai" ? "GenAI bundle" : "single ONNX model", next.source,
          next.kind == "genai" ? "GenAI bundle" : "single ONNX model"));
    }
    ReportComparison report = compare_pair(base, next);
    if (!report.incompatible.empty() && (!force || report.rows.empty())) {
      throw UsageError(fmt::format(
          "{} and {} do not measure the same work, so their numbers would not compare:\n  {}\n{}", base.source,
          next.source, fmt::join(report.incompatible, "\n  "), refusal_fix(report, base.source, next.source)));
    }
    comparison.reports.push_back(std::move(report));
  }
  return comparison;
}

}  // namespace winml::compare
