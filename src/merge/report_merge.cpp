#include "merge/report_merge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>

#include "document/report_identity.h"
#include "document/report_results.h"
#include "merge/shard_coverage.h"
#include "report/agreement_json.h"
#include "report/json_fields.h"
#include "report/json_reporter.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::merge {
namespace {

using Json = nlohmann::ordered_json;

// Most characters of a "methods" object the refusal repeats: enough to see how they differ.
constexpr std::size_t kEchoMethodsChars = 200;

// The shards an input holds: its own (a report of one shard), or those its results came from (a
// report merged before). Empty for a whole sweep.
std::vector<perf::Shard> shards_of(const document::ReportParts& parts) {
  if (parts.shard) return {*parts.shard};
  std::vector<perf::Shard> shards;
  for (const Json& result : parts.results) {
    const auto source = result.find("source");
    if (source == result.end() || !source->is_object()) continue;
    const auto shard = source->find("shard");
    if (shard == source->end()) continue;
    if (auto parsed = document::shard_from_json(*shard);
        parsed && std::find(shards.begin(), shards.end(), *parsed) == shards.end()) {
      shards.push_back(*parsed);
    }
  }
  return shards;
}

std::string kind_words(const std::string& kind) {
  return kind == "genai" ? "a genai report (a GenAI bundle)" : "an onnx report (a single ONNX model)";
}

void check_compatible(const std::vector<document::PerfReportDocument>& inputs,
                      const std::vector<document::ReportParts>& parts) {
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].kind != parts[0].kind) {
      throw UsageError(fmt::format(
          "{} is {} but {} is {}; merge reports of one kind at a time (one merge for the bundles, one for the "
          "ONNX models).",
          inputs[0].source, kind_words(parts[0].kind), inputs[i].source, kind_words(parts[i].kind)));
    }
    if (!document::same_meaning(parts[i].methods, parts[0].methods)) {
      throw UsageError(fmt::format(
          "{} and {} compute their statistics differently (their \"methods\" differ: {} and {}), so their numbers "
          "would not compare side by side; re-run one of them with the winml version that ran the other.",
          inputs[0].source, inputs[i].source, echo(parts[0].methods.dump(), kEchoMethodsChars),
          echo(parts[i].methods.dump(), kEchoMethodsChars)));
    }
  }
}

// Problems joined by "; ", the first kListedItems of them, then how many more.
std::string joined_problems(const std::vector<std::string>& problems) {
  if (problems.size() <= kListedItems) return fmt::format("{}", fmt::join(problems, "; "));
  return fmt::format("{}; and {} more like these",
                     fmt::join(problems.begin(), problems.begin() + static_cast<std::ptrdiff_t>(kListedItems), "; "),
                     problems.size() - kListedItems);
}

void check_coverage(const std::vector<document::PerfReportDocument>& inputs,
                    const std::vector<document::ReportParts>& parts, const MergeOptions& options,
                    std::vector<std::string>& warnings) {
  std::vector<ShardClaim> claims;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    for (const perf::Shard& shard : shards_of(parts[i]))
      claims.push_back({inputs[i].source, document::SweepIdentity(parts[i].sweep), shard});
  }
  const ShardCoverage coverage = check_shard_coverage(claims);
  if (!coverage.duplicated.empty()) {
    throw UsageError(fmt::format(
        "{}: its combinations would be counted twice. Give each shard once (to compare two runs of one sweep, merge "
        "each run apart and compare the merged reports).",
        joined_problems(coverage.duplicated)));
  }
  if (coverage.missing.empty()) return;
  if (!options.allow_missing_shards) {
    throw UsageError(fmt::format(
        "{}, so the merged report would lack their combinations. Pass their reports too, or --allow-missing to "
        "merge what is here.",
        joined_problems(coverage.missing)));
  }
  for (const std::string& missing : coverage.missing) {
    warnings.push_back(missing + ": the merged report lacks their combinations");
  }
}

// The inputs in merge order: as given, except that the shards of one sweep follow each other in
// shard order where the first of them was given (a shell glob puts shard-10 before shard-2).
std::vector<std::size_t> merge_order(const std::vector<document::ReportParts>& parts) {
  using CutSweep = std::pair<document::SweepIdentity, std::size_t>;  // a sweep and its shard count
  std::vector<std::optional<CutSweep>> cut(parts.size());
  std::vector<std::size_t> group(parts.size());  // the first input of each input's sweep
  std::vector<std::size_t> first_index(parts.size(), 0);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    group[i] = i;  // a whole sweep: a group of its own
    const std::vector<perf::Shard> shards = shards_of(parts[i]);
    if (shards.empty() || shards.front().count < 2) continue;
    cut[i] = CutSweep(document::SweepIdentity(parts[i].sweep), shards.front().count);
    first_index[i] = std::min_element(shards.begin(), shards.end(), [](const perf::Shard& a, const perf::Shard& b) {
                       return a.index < b.index;
                     })->index;
    for (std::size_t j = 0; j < i; ++j) {
      if (cut[j] == cut[i]) {
        group[i] = group[j];
        break;
      }
    }
  }
  std::vector<std::size_t> order(parts.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(group[a], first_index[a]) < std::pair(group[b], first_index[b]);
  });
  return order;
}

// The result with "source" first: the file it came from and the shard it was in (null for a whole
// sweep). A result merged before keeps the source it has.
Json with_source(const Json& result, const std::string& file, const std::optional<perf::Shard>& shard) {
  if (result.contains("source")) return result;
  Json out = {{"source", {{"file", file}, {"shard", shard ? document::shard_to_json(*shard) : Json(nullptr)}}}};
  for (const auto& [key, value] : result.items()) out[key] = value;
  return out;
}

// The sweep every input ran, without a shard (the merged report holds all of them); when they ran
// different sweeps, none: no axes, and every result counted as a combination.
Json merged_sweep(const std::vector<document::ReportParts>& parts, std::size_t results) {
  const document::SweepIdentity first(parts[0].sweep);
  for (const document::ReportParts& p : parts) {
    if (document::SweepIdentity(p.sweep) != first) return {{"axes", Json::array()}, {"combinations", results}};
  }
  Json sweep = parts[0].sweep;
  sweep.erase("shard");
  return sweep;
}

// Reads a count of an "interrupted" object, 0 when it has none that fits.
std::uint64_t interrupted_count(const Json& interrupted, const char* key) {
  const auto value = interrupted.find(key);
  return value != interrupted.end() && value->is_number_unsigned() ? value->get<std::uint64_t>() : 0;
}

// An input Ctrl-C stopped keeps saying so in the merge: the merged report plans what each input
// planned (an input that finished planned what it holds) and holds what they hold. Null when no
// input was interrupted; each interrupted input gets a warning naming it.
Json merged_interruption(const std::vector<document::PerfReportDocument>& inputs,
                         const std::vector<document::ReportParts>& parts, std::vector<std::string>& warnings) {
  std::uint64_t planned = 0, reported = 0, cut_short = 0;
  bool any = false;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Json& interrupted = inputs[i].interrupted;
    const std::uint64_t held = parts[i].results.size();
    reported += held;
    if (!interrupted.is_object()) {
      planned += held;
      continue;
    }
    any = true;
    const std::uint64_t input_planned = std::max(held, interrupted_count(interrupted, "combinations_planned"));
    planned += input_planned;
    cut_short += interrupted_count(interrupted, "combinations_cut_short");
    warnings.push_back(
        fmt::format("{} was interrupted (Ctrl-C): it holds {} of {} combinations; the merged report "
                    "is marked \"interrupted\". Run its missing combinations again and merge that "
                    "report too for the whole sweep",
                    inputs[i].source, held, input_planned));
  }
  if (!any) return nullptr;
  return {
      {"combinations_planned", planned}, {"combinations_reported", reported}, {"combinations_cut_short", cut_short}};
}

}  // namespace

MergedReport merge_reports(const std::vector<document::PerfReportDocument>& inputs, const MergeOptions& options) {
  if (inputs.empty())
    throw UsageError("no reports to merge; name the report files, e.g. winml perf merge a.json b.json -o all.json");
  std::vector<document::ReportParts> parts;
  parts.reserve(inputs.size());
  for (const document::PerfReportDocument& input : inputs) parts.push_back(document::report_parts(input));
  check_compatible(inputs, parts);
  MergedReport merged;
  check_coverage(inputs, parts, options, merged.warnings);
  Json results = Json::array();
  for (std::size_t i : merge_order(parts)) {
    for (const Json& result : parts[i].results)
      results.push_back(with_source(result, inputs[i].source, parts[i].shard));
  }
  // Every result against the first of its prompt and lengths across all the inputs: whether the
  // machines (or EPs) of a fleet computed the same thing.
  report::json_fields::check_results_agreement(results);
  Json sweep = merged_sweep(parts, results.size());
  merged.report = {{"schema_version", report::kSchemaVersion},
                   {"kind", parts[0].kind},
                   {"methods", parts[0].methods},
                   {"sweep", std::move(sweep)}};
  if (Json interrupted = merged_interruption(inputs, parts, merged.warnings); !interrupted.is_null())
    merged.report["interrupted"] = std::move(interrupted);
  merged.report["results"] = std::move(results);
  return merged;
}

std::string merged_report_text(const Json& report) { return report::json_fields::report_text(report); }

}  // namespace winml::merge
