#include "merge/report_merge.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "perf/greedy_output.h"
#include "perf/shard.h"
#include "report/json_reporter.h"
#include "test_support/golden_reports.h"
#include "test_support/report_schema.h"
#include "winml/errors.h"

namespace winml::merge {
namespace {

using Json = nlohmann::ordered_json;

const Json kMethods = {{"percentile", "linear"}, {"stddev", "sample"}, {"warmup", "excluded"}};

// One result of a constructed report: the prompt length it measured, on the named CPU.
Json result(int prompt_tokens, const std::string& cpu = "cpu A") {
  return {{"config", {{"prompt_tokens", prompt_tokens}}},
          {"machine", {{"cpu_model", cpu}}},
          {"metrics", {{"ttft_ms", {{"mean", prompt_tokens / 10.0}}}}},
          {"samples", {{"timed", Json::array()}}}};
}

// A version 2 report of `kind` with the results for these prompt lengths, of a sweep over the axis
// `axis` (sweeps differ by it) and, when given, one shard of it.
Json sweep_over(const std::string& axis) {
  return {{"axes", {{{"name", axis}, {"values", {16, 32, 64}}}}}, {"combinations", 3}};
}
Json report(const std::vector<int>& prompts, std::optional<perf::Shard> shard = std::nullopt,
            const std::string& axis = "prompt_tokens", const std::string& kind = "genai",
            const std::string& cpu = "cpu A") {
  Json results = Json::array();
  for (int p : prompts) results.push_back(result(p, cpu));
  Json sweep_object = sweep_over(axis);
  if (shard) sweep_object["shard"] = {{"index", shard->index}, {"count", shard->count}};
  return {{"schema_version", 2}, {"kind", kind}, {"methods", kMethods}, {"sweep", sweep_object}, {"results", results}};
}

// A version 1 report: one result at the top level.
Json report_v1(int prompt_tokens, const std::string& cpu) {
  Json doc = {{"schema_version", 1}, {"kind", "genai"}, {"methods", kMethods}};
  const Json body = result(prompt_tokens, cpu);
  for (const auto& [key, value] : body.items()) doc[key] = value;
  return doc;
}

std::vector<int> prompts_of(const Json& merged) {
  std::vector<int> out;
  for (const Json& r : merged["results"]) out.push_back(r["config"]["prompt_tokens"].get<int>());
  return out;
}

// A report to merge: its file name and its document, read as winml reads a report file.
struct MergeInput {
  std::string file;
  Json report;
};

MergedReport merge(const std::vector<MergeInput>& inputs, const MergeOptions& options) {
  std::vector<document::PerfReportDocument> documents;
  for (const MergeInput& input : inputs)
    documents.push_back(document::parse_perf_report(input.report.dump(), input.file));
  return merge_reports(documents, options);
}

// The message of the UsageError that merging `inputs` throws ("" when it merges).
std::string refusal(const std::vector<MergeInput>& inputs, MergeOptions options = {}) {
  try {
    merge(inputs, options);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(ReportMerge, ShardsOfASweepMergeInShardOrderWithTheirSources) {
  // Given as a shell glob would: 1, 3, 2.
  const MergedReport merged = merge({{"s1.json", report({16}, perf::Shard{1, 3})},
                                     {"s3.json", report({64}, perf::Shard{3, 3})},
                                     {"s2.json", report({32}, perf::Shard{2, 3})}},
                                    {});
  EXPECT_TRUE(merged.warnings.empty());
  const Json& doc = merged.report;
  EXPECT_EQ(doc["schema_version"], report::kSchemaVersion);
  EXPECT_EQ(doc["kind"], "genai");
  EXPECT_EQ(doc["methods"], kMethods);
  EXPECT_EQ(doc["sweep"], sweep_over("prompt_tokens"));  // whole again: no shard
  EXPECT_EQ(prompts_of(doc), (std::vector<int>{16, 32, 64}));
  EXPECT_EQ(doc["results"][1]["source"], (Json{{"file", "s2.json"}, {"shard", {{"index", 2}, {"count", 3}}}}));
  EXPECT_EQ(doc["results"][1].begin().key(), "source");
  EXPECT_EQ(doc["results"][1]["metrics"]["ttft_ms"]["mean"], 3.2);
}

TEST(ReportMerge, AnInterruptedShardLeavesTheMergeMarkedInterrupted) {
  Json stopped = report({32}, perf::Shard{2, 3});
  stopped["interrupted"] = {{"combinations_planned", 2}, {"combinations_reported", 1}, {"combinations_cut_short", 1}};
  const MergedReport merged = merge({{"s1.json", report({16}, perf::Shard{1, 3})},
                                     {"s2.json", stopped},
                                     {"s3.json", report({64}, perf::Shard{3, 3})}},
                                    {});
  EXPECT_EQ(merged.report["interrupted"],
            (Json{{"combinations_planned", 4}, {"combinations_reported", 3}, {"combinations_cut_short", 1}}));
  ASSERT_EQ(merged.warnings.size(), 1u);
  EXPECT_NE(merged.warnings[0].find("s2.json was interrupted (Ctrl-C): it holds 1 of 2 combinations"),
            std::string::npos);
  EXPECT_EQ(std::prev(merged.report.end()).key(), "results");  // the marker sits above the results
  const MergedReport finished = merge(
      {{"s1.json", report({16}, perf::Shard{1, 3})}, {"s2.json", report({32}, perf::Shard{2, 3})}}, MergeOptions{true});
  EXPECT_FALSE(finished.report.contains("interrupted"));
}

// Reports of several machines: every result keeps its own machine facts; a version 1 report is one
// result; whole sweeps may repeat (comparing machines is what they are for).
TEST(ReportMerge, MachinesKeepTheirFactsAndVersionOneIsOneResult) {
  const MergedReport merged = merge({{"a.json", report({16, 32}, std::nullopt, "prompt_tokens", "genai", "cpu A")},
                                     {"b.json", report({16, 32}, std::nullopt, "prompt_tokens", "genai", "cpu B")},
                                     {"old.json", report_v1(128, "cpu C")}},
                                    {});
  const Json& results = merged.report["results"];
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(results[0]["machine"]["cpu_model"], "cpu A");
  EXPECT_EQ(results[2]["machine"]["cpu_model"], "cpu B");
  EXPECT_EQ(results[4]["machine"]["cpu_model"], "cpu C");
  EXPECT_EQ(results[4]["config"]["prompt_tokens"], 128);
  EXPECT_EQ(results[4]["source"], (Json{{"file", "old.json"}, {"shard", nullptr}}));
  EXPECT_FALSE(results[4].contains("schema_version"));
  // The version 1 report ran no sweep: different sweeps make one of no axes, a combination per result.
  EXPECT_EQ(merged.report["sweep"], (Json{{"axes", Json::array()}, {"combinations", 5}}));
}

// Machines of a fleet that generated other ids for the same prompt show it: every merged result is
// checked against the first of its prompt and lengths, whichever report it came from.
TEST(ReportMerge, GreedyOutputsAreCheckedAcrossTheMergedReports) {
  auto with_output = [](Json doc, const std::vector<std::int32_t>& ids) {
    for (Json& r : doc["results"]) {
      r["output"] = {{"decoding", "greedy"}, {"generation", "warmup"},
                     {"tokens", ids.size()}, {"ids_digest", perf::ids_digest(ids)},
                     {"first_ids", ids},     {"first_step_top", Json::array()}};
      r["agreement"] = {{"status", "reference"}};  // what each run said on its own
    }
    return doc;
  };
  const MergedReport merged =
      merge({{"a.json", with_output(report({16}, std::nullopt, "prompt_tokens", "genai", "cpu A"), {4, 5, 6})},
             {"b.json", with_output(report({16}, std::nullopt, "prompt_tokens", "genai", "cpu B"), {4, 7, 6})},
             {"c.json", with_output(report({32}), {1})}},
            {});
  const Json& results = merged.report["results"];
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["agreement"]["status"], "reference");
  EXPECT_EQ(results[1]["agreement"]["status"], "diverged");
  EXPECT_EQ(results[1]["agreement"]["reference"], 0);
  EXPECT_EQ(results[1]["agreement"]["diverges_at_token"], 2);
  EXPECT_EQ(results[2]["agreement"]["status"], "reference");
  EXPECT_EQ(results[2]["agreement"]["reference"], 2);
}

TEST(ReportMerge, MissingShardsAreRefusedUnlessAllowed) {
  const std::vector<MergeInput> two_of_three = {{"s1.json", report({16}, perf::Shard{1, 3})},
                                                {"s2.json", report({32}, perf::Shard{2, 3})}};
  EXPECT_EQ(refusal(two_of_three),
            "shard 3/3 of the sweep in s1.json, s2.json is missing, so the merged report would lack their "
            "combinations. Pass their reports too, or --allow-missing to merge what is here.");
  const MergedReport partial = merge(two_of_three, {.allow_missing_shards = true});
  EXPECT_EQ(partial.warnings, (std::vector<std::string>{"shard 3/3 of the sweep in s1.json, s2.json is missing: the "
                                                        "merged report lacks their combinations"}));
  EXPECT_EQ(prompts_of(partial.report), (std::vector<int>{16, 32}));
}

TEST(ReportMerge, AShardGivenTwiceIsRefusedEvenWhenMissingOnesAreAllowed) {
  const std::vector<MergeInput> inputs = {{"s1.json", report({16}, perf::Shard{1, 2})},
                                          {"again.json", report({16}, perf::Shard{1, 2})},
                                          {"s2.json", report({32}, perf::Shard{2, 2})}};
  const std::string message = refusal(inputs, {.allow_missing_shards = true});
  EXPECT_NE(message.find("shard 1/2 of one sweep is in each of s1.json, again.json: its combinations would be counted "
                         "twice. Give each shard once"),
            std::string::npos)
      << message;
}

// A merged report merges again: its results keep their sources, and its shards count toward the
// sweep (and against a second copy of one of them).
TEST(ReportMerge, AMergedReportMergesAgain) {
  const MergedReport first =
      merge({{"s1.json", report({16}, perf::Shard{1, 3})}, {"s2.json", report({32}, perf::Shard{2, 3})}},
            {.allow_missing_shards = true});
  const MergedReport all = merge({{"s3.json", report({64}, perf::Shard{3, 3})}, {"s12.json", first.report}}, {});
  EXPECT_TRUE(all.warnings.empty());
  EXPECT_EQ(prompts_of(all.report), (std::vector<int>{16, 32, 64}));
  EXPECT_EQ(all.report["results"][0]["source"]["file"], "s1.json");
  EXPECT_EQ(all.report["results"][2]["source"]["file"], "s3.json");
  EXPECT_NE(refusal({{"s12.json", first.report},
                     {"s2.json", report({32}, perf::Shard{2, 3})},
                     {"s3.json", report({64}, perf::Shard{3, 3})}})
                .find("shard 2/3 of one sweep is in each of s12.json, s2.json"),
            std::string::npos);
}

// The same shard of two different sweeps is no duplicate; each sweep lacks its other shard.
TEST(ReportMerge, DifferentSweepsAreCheckedApart) {
  Json depth_sweep = report({16}, perf::Shard{1, 2}, "depth");
  depth_sweep["results"][0]["config"]["depth"] = 16;  // a result of a depth sweep has one of its depths
  const std::string message =
      refusal({{"p1.json", report({16}, perf::Shard{1, 2}, "prompt_tokens")}, {"d1.json", depth_sweep}});
  EXPECT_NE(message.find("shard 2/2 of the sweep in p1.json is missing; shard 2/2 of the sweep in d1.json is missing"),
            std::string::npos)
      << message;
}

TEST(ReportMerge, IncompatibleReportsAreRefusedNamingTheFiles) {
  EXPECT_EQ(refusal({{"g.json", report({16})}, {"o.json", report({16}, std::nullopt, "prompt_tokens", "onnx")}}),
            "g.json is a genai report (a GenAI bundle) but o.json is an onnx report (a single ONNX model); merge "
            "reports of one kind at a time (one merge for the bundles, one for the ONNX models).");
  Json future = report({16});
  const int next = report::kSchemaVersion + 1;
  future["schema_version"] = next;
  EXPECT_NE(refusal({{"g.json", report({16})}, {"new.json", future}})
                .find(fmt::format("new.json has schema_version {}, written by a newer winml; this one reads versions 1 "
                                  "to {}",
                                  next, report::kSchemaVersion)),
            std::string::npos);
  Json other_methods = report({32});
  other_methods["methods"]["percentile"] = "nearest rank";
  EXPECT_NE(refusal({{"g.json", report({16})}, {"m.json", other_methods}})
                .find("g.json and m.json compute their statistics differently"),
            std::string::npos);
}

TEST(ReportMerge, DocumentsThatAreNotReportsAreRefused) {
  const auto broken = [](const std::function<void(Json&)>& edit) {
    Json doc = report({16, 32});
    edit(doc);
    return refusal({{"x.json", doc}});
  };
  const std::string tail = ". Pass the JSON report a `winml perf` run wrote (its -o path, or the path it printed).";
  EXPECT_EQ(broken([](Json& d) { d.erase("schema_version"); }),
            "x.json is not a winml perf report: it has no integer schema_version" + tail);
  EXPECT_EQ(broken([](Json& d) { d["schema_version"] = "2"; }),
            "x.json is not a winml perf report: it has no integer schema_version" + tail);
  EXPECT_EQ(broken([](Json& d) { d.erase("kind"); }),
            "x.json is not a winml perf report: its kind is not \"genai\" or \"onnx\"" + tail);
  EXPECT_EQ(broken([](Json& d) { d["kind"] = "tflite"; }),
            "x.json is not a winml perf report: its kind is not \"genai\" or \"onnx\"" + tail);
  EXPECT_EQ(broken([](Json& d) { d.erase("methods"); }),
            "x.json is not a winml perf report: it has no \"methods\" object" + tail);
  EXPECT_EQ(broken([](Json& d) { d["results"] = Json::array(); }),
            "x.json is not a winml perf report: it has no \"results\" array with at least one result" + tail);
  EXPECT_EQ(broken([](Json& d) { d["results"][1].erase("machine"); }),
            "x.json is not a winml perf report: results[1] has no \"machine\" object" + tail);
  EXPECT_EQ(broken([](Json& d) { d["results"][0] = 7; }),
            "x.json is not a winml perf report: results[0] is not an object" + tail);
  EXPECT_EQ(broken([](Json& d) { d.erase("sweep"); }),
            "x.json is not a winml perf report: it has no \"sweep\" object" + tail);
  EXPECT_EQ(
      broken([](Json& d) {
        d["sweep"]["shard"] = {{"index", 3}, {"count", 2}};
      }),
      "x.json is not a winml perf report: its sweep.shard is not {\"index\": K, \"count\": N} with 1 <= K <= N" + tail);
  Json v1 = report_v1(16, "cpu A");
  v1.erase("samples");
  EXPECT_EQ(refusal({{"v1.json", v1}}),
            "v1.json is not a winml perf report: results[0] has no \"samples\" object" + tail);
  EXPECT_NE(refusal({}).find("no reports to merge"), std::string::npos);
}

// A result whose setting is none of its sweep's values was not measured by that sweep: refused,
// naming the file and the result, rather than merged among the sweep's rows.
TEST(ReportMerge, AResultOutsideItsSweepIsRefused) {
  EXPECT_EQ(refusal({{"s1.json", report({16, 128}, perf::Shard{1, 2})}, {"s2.json", report({64}, perf::Shard{2, 2})}}),
            "s1.json: results[1] has prompt_tokens 128, which is not one of the values of its sweep's prompt_tokens "
            "axis ([16,32,64]), so its sweep did not measure it. Merge the reports that the shards' winml perf runs "
            "wrote, unedited.");
  Json missing = report({16}, perf::Shard{1, 2});
  missing["results"][0]["config"].erase("prompt_tokens");
  EXPECT_NE(refusal({{"s1.json", missing}, {"s2.json", report({64}, perf::Shard{2, 2})}})
                .find("s1.json: results[0] has prompt_tokens null"),
            std::string::npos);
  // An axis whose config value is the one in effect (ep, device) is not checked: CPU runs as cpu.
  EXPECT_EQ(refusal({{"a.json", report({16}, std::nullopt, "ep")}, {"b.json", report({32}, std::nullopt, "ep")}}), "");
}

// The golden reports, cut into shards and merged, satisfy docs/report.schema.json (with each
// result's source), as do the shards themselves.
TEST(ReportMerge, MergedGoldenReportsSatisfyTheSchema) {
  for (const char* name : {"genai.json", "onnx.json", "genai_resources.json", "onnx_resources.json"}) {
    const std::filesystem::path golden = std::filesystem::path(WINML_TEST_SOURCE_DIR) / "tests/report/golden" / name;
    Json whole = Json::parse(std::ifstream(golden));
    std::vector<MergeInput> shards;
    for (std::size_t k = 1; k <= 2; ++k) {
      Json shard = whole;
      shard["sweep"]["combinations"] = 2;
      shard["sweep"]["shard"] = {{"index", k}, {"count", 2}};
      const auto check = test::check_report(nlohmann::json::parse(shard.dump()));
      EXPECT_TRUE(check.valid()) << name << " shard " << k << ": " << check.problems;
      shards.push_back({"shard-" + std::to_string(k) + ".json", shard});
    }
    const MergedReport merged = merge(shards, {});
    EXPECT_EQ(merged.report["results"].size(), 2 * whole["results"].size());
    // What each run used stays with its result.
    for (const Json& r : merged.report["results"])
      EXPECT_EQ(r.contains("resources") ? r["resources"] : Json(),
                whole["results"][0].contains("resources") ? whole["results"][0]["resources"] : Json())
          << name;
    const auto check = test::check_report(nlohmann::json::parse(merged_report_text(merged.report)));
    EXPECT_TRUE(check.valid()) << name << ": " << check.problems;
  }
}

// The shards of a golden sweep, one of them rewritten with its keys sorted (jq -S): one sweep
// still, so they merge without a missing shard, and their methods are the same methods.
TEST(ReportMerge, AShardWithSortedKeysMergesWithTheOthers) {
  Json whole = Json::parse(testing::golden_report_text("genai_sweep.json"));
  std::vector<MergeInput> shards;
  for (std::size_t k = 1; k <= 2; ++k) {
    Json shard = whole;
    shard["results"] = Json::array({whole["results"][2 * (k - 1)], whole["results"][2 * k - 1]});
    shard["sweep"]["shard"] = {{"index", k}, {"count", 2}};
    shards.push_back({"shard-" + std::to_string(k) + ".json", shard});
  }
  const std::string sorted = testing::sorted_keys(shards[1].report.dump());
  ASSERT_NE(sorted, shards[1].report.dump(2)) << "sorting must reorder something for this test to mean anything";
  shards[1].report = Json::parse(sorted);
  EXPECT_EQ(refusal(shards), "");
  const MergedReport merged = merge(shards, {});
  EXPECT_TRUE(merged.warnings.empty());
  EXPECT_EQ(merged.report["results"].size(), 4u);
  Json sweep = whole["sweep"];
  EXPECT_EQ(merged.report["sweep"], sweep) << "one sweep: its axes, without a shard";
}

}  // namespace
}  // namespace winml::merge
