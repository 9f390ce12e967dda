// The visual report end to end: real `winml perf` runs on a synthetic bundle and an ONNX file,
// `--html` and `winml perf report`, each page loaded in headless Chromium. The page writes what it
// drew into its DOM; these tests compute from the reports' JSON which charts there must be and
// from how many values each, and check that the page drew exactly those, and caught no error.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "compile/onnx_fixtures.h"
#include "test_support/headless_chromium.h"
#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What a report page must draw: chart id -> {datasets, points, sum of the values plotted,
// samples}; and the ids of the notes that stand in for charts without data.
struct ExpectedPage {
  std::map<std::string, json> charts;
  std::set<std::string> notes;
};

// Every result of a report, whatever its layout (version 2: results[]; version 1: itself).
std::vector<json> results_of(const json& report) {
  if (report.contains("results")) return report["results"].get<std::vector<json>>();
  return {report};
}

bool has_mean(const json& summary) { return summary.is_object() && summary.value("count", 0) > 0; }

// metrics.roofline.decode.fraction_of_read_bandwidth, or null (no roofline, or no probe).
json roofline_fraction(const json& result) {
  const json roofline = result["metrics"].value("roofline", json());
  if (!roofline.is_object() || !roofline.contains("decode")) return json();
  return roofline["decode"].value("fraction_of_read_bandwidth", json());
}

// The value of a swept setting in a result's config, as the page reads it.
json setting(const json& result, const std::string& name) {
  const json& config = result["config"];
  if (name != "threads") return config.value(name, json());
  if (!config.contains("threads")) return json();
  const json& threads = config["threads"];
  return threads["requested"].is_number() ? threads["requested"] : threads["intra_op_threads"];
}

// One kind's sweep curves: a chart per setting whose value differs between the results.
void expect_sweeps(const std::vector<json>& results, const std::string& kind, const std::string& metric,
                   ExpectedPage& page) {
  for (const std::string name : {"prompt_tokens", "depth", "threads"}) {
    std::set<std::string> values;
    for (const auto& r : results) values.insert(setting(r, name).dump());
    if (values.size() < 2) continue;
    int points = 0;
    double sum = 0;
    for (const auto& r : results) {
      if (!setting(r, name).is_number() || !has_mean(r["metrics"][metric])) continue;
      points += 1;
      sum += r["metrics"][metric]["mean"].get<double>();
    }
    page.charts["sweep-" + kind + "-" + name] = {{"points", points}, {"sum", sum}, {"samples", points}};
  }
}

// The Serving section of results served through GenAI's Engine: throughput against latency, TTFT
// percentiles against each loop's load, and TTFT by turn where conversations had several.
void expect_serving(const std::vector<json>& genai, ExpectedPage& page) {
  std::vector<json> served;
  for (const auto& r : genai) {
    if (r.contains("serving") && r["config"].contains("serving")) served.push_back(r);
  }
  if (served.empty()) return;
  double throughput = 0;
  for (const auto& r : served) throughput += r["serving"]["output_tokens_per_s"].get<double>();
  page.charts["serving-throughput"] = {{"points", served.size()}, {"sum", throughput}, {"samples", served.size()}};
  for (const std::string mode : {"closed", "open"}) {
    int results = 0, points = 0;
    double sum = 0;
    for (const auto& r : served) {
      if (r["config"]["serving"]["mode"] != mode || r["config"]["serving"]["turns"] != 1) continue;
      results += 1;
      for (const auto& [key, value] : r["serving"]["ttft_ms"].items()) {
        if (key.size() < 2 || key[0] != 'p' || key[1] < '0' || key[1] > '9') continue;
        points += 1;
        sum += value.get<double>();
      }
    }
    if (results > 0) page.charts["serving-ttft-" + mode] = {{"points", points}, {"sum", sum}, {"samples", results}};
  }
  int turns = 0;
  double medians = 0;
  for (const auto& r : served) {
    if (r["serving"]["turns"].size() < 2) continue;
    for (const auto& t : r["serving"]["turns"]) {
      turns += 1;
      medians += t["ttft_ms"]["p50"].get<double>();
    }
  }
  if (turns > 0) page.charts["serving-turns"] = {{"points", turns}, {"sum", medians}, {"samples", turns}};
}

ExpectedPage expected_page(const std::vector<json>& reports) {
  std::vector<json> genai, onnx;
  for (const auto& report : reports) {
    for (const auto& result : results_of(report)) (report["kind"] == "genai" ? genai : onnx).push_back(result);
  }
  ExpectedPage page;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    if (reports[i].contains("interrupted")) page.notes.insert("interrupted-" + std::to_string(i));
  }
  if (!genai.empty()) {
    int ttft = 0, positions = 0, decoding = 0, with_ttft = 0, fractions = 0;
    double position_means = 0, decode_means = 0, ttft_means = 0, percents = 0;
    for (const auto& r : genai) {
      const json& m = r["metrics"];
      ttft += static_cast<int>(r["samples"]["timed"].size());
      for (const auto& position : m.value("decode_timeline", json::array())) {
        positions += 1;
        position_means += position["mean"].get<double>();
      }
      if (has_mean(m["decode_tokens_per_s_by_iteration"])) {
        decoding += 1;
        decode_means += m["decode_tokens_per_s_by_iteration"]["mean"].get<double>();
      }
      if (has_mean(m["ttft_ms"])) {
        with_ttft += 1;
        ttft_means += m["ttft_ms"]["mean"].get<double>();
      }
      if (roofline_fraction(r).is_number()) {
        fractions += 1;
        percents += 100 * roofline_fraction(r).get<double>();
      }
    }
    // The histogram's bars count every timed iteration once.
    page.charts["ttft-distribution"] = {{"datasets", genai.size()}, {"sum", ttft}, {"samples", ttft}};
    if (positions > 0) {
      page.charts["decode-by-position"] = {
          {"datasets", genai.size()}, {"points", positions}, {"sum", position_means}, {"samples", positions}};
    } else {
      page.notes.insert("decode-by-position");
    }
    if (decoding > 0) {
      page.charts["compare-decode"] = {{"points", decoding}, {"sum", decode_means}, {"samples", decoding}};
    } else {
      page.notes.insert("compare-decode");
    }
    page.charts["compare-ttft"] = {{"points", with_ttft}, {"sum", ttft_means}, {"samples", with_ttft}};
    if (fractions > 0) {
      page.charts["roofline"] = {{"points", fractions}, {"sum", percents}, {"samples", fractions}};
    } else {
      page.notes.insert("roofline");
    }
    expect_sweeps(genai, "genai", "decode_tokens_per_s_by_iteration", page);
    expect_serving(genai, page);
  }
  if (!onnx.empty()) {
    int runs = 0;
    double latency_means = 0;
    for (const auto& r : onnx) {
      runs += static_cast<int>(r["samples"]["timed_ms"].size());
      latency_means += r["metrics"]["latency_ms"]["mean"].get<double>();
    }
    page.charts["latency-distribution"] = {{"datasets", onnx.size()}, {"sum", runs}, {"samples", runs}};
    page.charts["compare-latency"] = {{"points", onnx.size()}, {"sum", latency_means}, {"samples", onnx.size()}};
    expect_sweeps(onnx, "onnx", "latency_ms", page);
  }
  // One resource timeline per sampled result, in the page's order (reports, then their results).
  int sampled = 0;
  for (const auto& report : reports) {
    for (const auto& r : results_of(report)) {
      const json timeline = r.contains("resources") ? r["resources"]["timeline"] : json::array();
      if (timeline.empty()) continue;
      page.charts["resource-timeline-" + std::to_string(++sampled)] = {{"samples", timeline.size()},
                                                                       {"spans", r["resources"]["spans"].size()}};
    }
  }
  if (sampled == 0) page.notes.insert("resource-timeline");
  bool any_sweep = false;
  for (const auto& [id, chart] : page.charts) any_sweep = any_sweep || id.rfind("sweep-", 0) == 0;
  if (!any_sweep) page.notes.insert("sweep");
  return page;
}

class PerfHtml : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto synth = test::run_winml("bundle synth -q -o " + path("tiny").string());
    ASSERT_EQ(synth.exit_code, 0) << synth.err;
    test::write_source_model(path("model.onnx"), /*external_data=*/false);
  }
  static void TearDownTestSuite() { delete root_; }
  void SetUp() override {
    chromium_ = test::chromium_binary();
    if (chromium_.empty()) {
      GTEST_SKIP() << "chromium is not installed (Debian package chromium; scripts/setup.sh installs it), so the "
                      "HTML report cannot be loaded in a browser here";
    }
  }
  static fs::path path(const std::string& name) { return root_->path() / name; }
  // A short real run that writes its report to `name`.json (and whatever `flags` add).
  static json perf(const std::string& model, const std::string& name, const std::string& flags) {
    auto result = test::run_command("WINML_CACHE_DIR=" + path("cache").string() + " " + test::winml_binary() +
                                    " perf -q --no-color -m " + path(model).string() + " -o " +
                                    path(name + ".json").string() + " " + flags);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return test::read_json(path(name + ".json"));
  }
  static json genai_run(const std::string& name, const std::string& flags = "", int new_tokens = 12) {
    return perf("tiny", name, "--iterations 5 --warmup 1 -n " + std::to_string(new_tokens) + " " + flags);
  }
  // Loads the page and checks it drew exactly what the reports call for, with no error.
  void expect_page_draws(const fs::path& page, const std::vector<json>& reports) {
    const test::LoadedPage loaded = test::load_page(chromium_, page);
    ASSERT_EQ(loaded.exit_code, 0) << "chromium failed (124: it ran past the timeout): " << loaded.err;
    const json status = test::render_status(loaded.dom);
    ASSERT_TRUE(status.is_object() && !status.is_discarded()) << "the page wrote no render status:\n" << loaded.dom;
    EXPECT_EQ(status["errors"], json::array()) << status.dump(2);
    const ExpectedPage expected = expected_page(reports);
    std::set<std::string> drawn;
    for (const auto& chart : status["charts"]) {
      const std::string id = chart["id"];
      drawn.insert(id);
      EXPECT_GT(chart["points"].get<int>(), 0) << id;
      auto want = expected.charts.find(id);
      if (want == expected.charts.end()) continue;
      for (const auto& [key, value] : want->second.items()) {
        if (key == "sum") {
          EXPECT_NEAR(chart[key].get<double>(), value.get<double>(), 1e-9 * (1 + std::abs(value.get<double>()))) << id;
        } else {
          EXPECT_EQ(chart[key], value) << id << "." << key;
        }
      }
    }
    std::set<std::string> want_charts, notes;
    for (const auto& [id, chart] : expected.charts) want_charts.insert(id);
    for (const auto& note : status["notes"]) notes.insert(note["id"].get<std::string>());
    EXPECT_EQ(drawn, want_charts) << status.dump(2);
    EXPECT_EQ(notes, expected.notes) << status.dump(2);
    last_status_ = status;
  }
  static json chart_status(const json& status, const std::string& id) {
    for (const auto& chart : status["charts"]) {
      if (chart["id"] == id) return chart;
    }
    return json();
  }

  std::string chromium_;
  json last_status_;
  static test::TempDir* root_;
};
test::TempDir* PerfHtml::root_ = nullptr;

TEST_F(PerfHtml, HtmlFlagWritesThePageOfTheRun) {
  const json report = genai_run("flag", "--html " + path("flag.html").string());
  ASSERT_TRUE(fs::exists(path("flag.html")));
  expect_page_draws(path("flag.html"), {report});
  // Whiskers show the confidence interval where the report has one, else the standard deviation.
  const bool has_interval =
      test::first_result(report)["metrics"]["decode_tokens_per_s_by_iteration"].value("mean_ci95", json()).is_object();
  EXPECT_EQ(chart_status(last_status_, "compare-decode")["whiskers"], has_interval ? "ci95" : "stddev");
}

TEST_F(PerfHtml, ReportCommandDrawsGenaiAndSingleModelReportsTogether) {
  const std::vector<json> reports = {genai_run("a"), genai_run("b", "--threads 1 --prompt-tokens 24"),
                                     perf("model.onnx", "m", "--iterations 20 --warmup 2")};
  auto result = test::run_winml("perf report " + path("a.json").string() + " " + path("b.json").string() + " " +
                                path("m.json").string() + " -o " + path("mixed.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("3 reports, 3 results"), std::string::npos) << result.err;
  expect_page_draws(path("mixed.html"), reports);
}

// A version 2 sweep report, built from a real run's result: six combinations of prompt length and
// threads, with the confidence intervals and the decode roofline that newer reports carry, and a
// model name that tries to close the <script> element the data sits in.
json sweep_report(const json& run, const std::vector<int>& prompts = {16, 32, 64}) {
  json base = test::first_result(run);
  for (const char* key : {"schema_version", "kind", "methods"}) base.erase(key);
  json results = json::array();
  double rate = 100;
  for (int threads : {1, 2}) {
    for (int prompt : prompts) {
      json r = base;
      r["config"]["prompt_tokens"] = prompt;
      r["config"]["threads"]["requested"] = threads;
      r["config"]["bundle"] = "</script><b id=\"injected\">x</b>";
      auto& decode = r["metrics"]["decode_tokens_per_s_by_iteration"];
      decode["mean"] = rate;
      decode["mean_ci95"] = {{"low", rate * 0.95}, {"high", rate * 1.05}};
      r["metrics"]["ttft_ms"]["mean_ci95"] = {{"low", 0.1}, {"high", 0.3}};
      r["metrics"]["roofline"] = {{"decode",
                                   {{"achieved_gb_per_s", 10.0 + prompt / 16.0},
                                    {"read_bandwidth_gb_per_s", 30.0},
                                    {"fraction_of_read_bandwidth", (10.0 + prompt / 16.0) / 30.0}}}};
      results.push_back(r);
      rate -= 10;
    }
  }
  return {{"schema_version", 2},
          {"kind", "genai"},
          {"methods", run.value("methods", json::object())},
          {"sweep",
           {{"axes", {{{"name", "threads"}, {"values", {1, 2}}}, {{"name", "prompt_tokens"}, {"values", prompts}}}},
            {"combinations", 2 * prompts.size()}}},
          {"results", results}};
}

TEST_F(PerfHtml, SweepReportDrawsCurvesIntervalsAndRoofline) {
  const json sweep = sweep_report(genai_run("base"));
  std::ofstream(path("sweep.json")) << sweep.dump();
  auto result = test::run_winml("perf report " + path("sweep.json").string() + " -o " + path("sweep.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("sweep.html"), {sweep});
  EXPECT_EQ(chart_status(last_status_, "compare-decode")["whiskers"], "ci95");
  EXPECT_EQ(chart_status(last_status_, "sweep-genai-threads")["datasets"], 3);        // one curve per prompt length
  EXPECT_EQ(chart_status(last_status_, "sweep-genai-prompt_tokens")["datasets"], 2);  // one per thread count
  const test::LoadedPage page = test::load_page(chromium_, path("sweep.html"));
  EXPECT_EQ(page.dom.find("<b id=\"injected\">"), std::string::npos) << "report text became markup";
}

// A real sweep: one version 2 report of eight combinations, drawn against each swept setting.
TEST_F(PerfHtml, RealSweepDrawsACurveForEachSweptSetting) {
  const json report =
      genai_run("swept", "--threads 1,2 --prompt-tokens 16,32 --depth 0,24 --html " + path("swept.html").string(), 6);
  ASSERT_EQ(results_of(report).size(), 8u);
  expect_page_draws(path("swept.html"), {report});
  for (const char* id : {"sweep-genai-prompt_tokens", "sweep-genai-depth", "sweep-genai-threads"}) {
    EXPECT_EQ(chart_status(last_status_, id)["points"], 8) << id;
    EXPECT_EQ(chart_status(last_status_, id)["datasets"], 4) << id;  // one curve per pair of the other two
  }
  // The eight results place their nodes alike: one placement table, naming all of them.
  ASSERT_EQ(last_status_["placement"].size(), 1u) << last_status_["placement"].dump(2);
  EXPECT_EQ(last_status_["placement"][0].size(), 8u);
  // The results table carries each result's greedy ids and their check against the first result of
  // the same prompt and lengths (the 1-thread one).
  const test::LoadedPage page = test::load_page(chromium_, path("swept.html"));
  EXPECT_NE(page.dom.find(">reference<"), std::string::npos);
  EXPECT_NE(page.dom.find(test::first_result(report)["output"]["ids_digest"].get<std::string>()), std::string::npos);
}

// Served through GenAI's Engine: a concurrency sweep, an open loop and a 3-turn conversation run,
// drawn together by `perf report`.
TEST_F(PerfHtml, ServedRunsDrawThroughputAgainstLatencyTtftAgainstLoadAndTurns) {
  const std::vector<json> reports = {
      perf("tiny", "conc", "--concurrency 1,2,4 --requests 8 --warmup 1 -n 6"),
      perf("tiny", "rate", "--request-rate 100,400 --requests 8 --warmup 1 -n 6"),
      perf("tiny", "turns", "--turns 3 --requests 3 --warmup 1 -n 6 --prompt-tokens 16")};
  auto result = test::run_winml("perf report " + path("conc.json").string() + " " + path("rate.json").string() + " " +
                                path("turns.json").string() + " -o " + path("served.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("served.html"), reports);
  EXPECT_EQ(chart_status(last_status_, "serving-throughput")["datasets"], 3);  // closed, open, 3 turns
  EXPECT_EQ(chart_status(last_status_, "serving-turns")["points"], 3);
}

// Serving swept with another setting: a line per thread count in each serving chart, not one
// zig-zag line through both, and the summary names the best configuration by output tokens/s.
TEST_F(PerfHtml, ServedSweepOverThreadsDrawsALinePerThreadCount) {
  const json report =
      perf("tiny", "conc_threads",
           "--threads 1,2 --concurrency 1,4 --requests 4 --warmup 1 -n 4 --html " + path("conc_threads.html").string());
  ASSERT_EQ(results_of(report).size(), 4u);
  expect_page_draws(path("conc_threads.html"), {report});
  const json throughput = chart_status(last_status_, "serving-throughput");
  EXPECT_EQ(throughput["series"], json::array({"closed loop · threads 1", "closed loop · threads 2"}))
      << throughput.dump(2);
  const json ttft = chart_status(last_status_, "serving-ttft-closed");
  const std::size_t percentiles = ttft["datasets"].get<std::size_t>() / 2;
  ASSERT_GT(percentiles, 0u);
  EXPECT_EQ(ttft["datasets"], 2 * percentiles) << ttft.dump(2);  // a line per percentile and thread count
  EXPECT_EQ(ttft["series"][0], "TTFT p50 · threads 1") << ttft.dump(2);
  // The best served configuration by output tokens/s.
  std::string best;
  double most = -1;
  for (std::size_t i = 0; i < results_of(report).size(); ++i) {
    const double rate = results_of(report)[i]["serving"]["output_tokens_per_s"].get<double>();
    if (rate > most) {
      most = rate;
      best = last_status_["labels"][i];
    }
  }
  ASSERT_EQ(last_status_["summary"].size(), 1u) << last_status_.dump(2);
  EXPECT_EQ(last_status_["summary"][0]["what"], "GenAI served");
  EXPECT_EQ(last_status_["summary"][0]["best"], best);
}

// Served and generator reports on one page: a curve or result is named only by the settings it
// has ("conc 2", never "conc undefined").
TEST_F(PerfHtml, MixedServedAndUnservedReportsNameOnlySettingsAResultHas) {
  const std::vector<json> reports = {genai_run("gen1", "--threads 1"), genai_run("gen2", "--threads 2"),
                                     perf("tiny", "served", "--concurrency 1,2 --requests 4 --warmup 1 -n 4")};
  auto result = test::run_winml("perf report " + path("gen1.json").string() + " " + path("gen2.json").string() + " " +
                                path("served.json").string() + " -o " + path("mixed_served.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("mixed_served.html"), reports);
  EXPECT_EQ(last_status_.dump().find("undefined"), std::string::npos) << last_status_.dump(2);
  EXPECT_EQ(last_status_["summary"].size(), 2u) << last_status_["summary"].dump(2);  // generated and served
}

// Ten results of models with long names: every bar of the comparison charts is labelled (Chart.js
// skipped every other one), the summary names the best configuration, and at 1400 px the tables
// fit without scrolling sideways or breaking a word.
TEST_F(PerfHtml, TenResultsAreEachLabelledAndTheTablesFitTheWindow) {
  json sweep = sweep_report(genai_run("ten_base"), {16, 24, 32, 48, 64});
  ASSERT_EQ(sweep["results"].size(), 10u);
  for (std::size_t i = 0; i < sweep["results"].size(); ++i) {
    sweep["results"][i]["config"]["bundle"] =
        "/models/phi-3.5-mini-instruct-cpu-int4-awq-block-128-acc-level-4-variant-" + std::to_string(i);
  }
  std::ofstream(path("ten.json")) << sweep.dump();
  auto result = test::run_winml("perf report " + path("ten.json").string() + " -o " + path("ten.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("ten.html"), {sweep});
  for (const char* id : {"compare-decode", "compare-ttft", "roofline"}) {
    EXPECT_EQ(chart_status(last_status_, id)["axes"]["x"]["ticks"].size(), 10u)
        << id << ": " << chart_status(last_status_, id)["axes"]["x"].dump(2);
  }
  // sweep_report gives the first combination the highest decode rate.
  ASSERT_EQ(last_status_["summary"].size(), 1u) << last_status_.dump(2);
  EXPECT_EQ(last_status_["summary"][0]["best"], last_status_["labels"][0]);
  EXPECT_EQ(last_status_["summary"][0]["value"], 100.0);

  const test::LoadedPage wide = test::load_page(chromium_, path("ten.html"), 90, 1400);
  ASSERT_EQ(wide.exit_code, 0) << wide.err;
  const json layout = test::render_status(wide.dom)["layout"];
  EXPECT_EQ(layout["width"], 1400) << layout.dump(2);
  for (const char* table : {"table-summary", "table-configurations", "table-results-genai"}) {
    ASSERT_TRUE(layout["tables"].contains(table)) << layout.dump(2);
    EXPECT_LE(layout["tables"][table]["overflow"].get<int>(), 0) << table << ": " << layout.dump(2);
    EXPECT_EQ(layout["tables"][table]["broken_words"], json::array()) << table << ": " << layout.dump(2);
  }
}

TEST_F(PerfHtml, MissingDataGivesNotesInsteadOfCharts) {
  // One token per generation: no decode step, so no timeline and no decode rate to draw.
  const json report = genai_run("one", "--html " + path("one.html").string(), 1);
  expect_page_draws(path("one.html"), {report});
}

// What a reader sees: integer settings tick at integers, a setting spanning decades reads on a log
// axis, no axis says its unit twice, no chart repeats its section's heading, and results are
// named by their settings, not by the time their report was written.
TEST_F(PerfHtml, AnInterruptedRunSaysSoAboveItsFigures) {
  json report = genai_run("stopped");
  report["interrupted"] = {{"combinations_planned", 4}, {"combinations_reported", 1}, {"combinations_cut_short", 1}};
  std::ofstream(path("stopped.json")) << report.dump();
  auto result =
      test::run_winml("perf report " + path("stopped.json").string() + " -o " + path("stopped.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("stopped.html"), {report});
  std::string text;
  for (const auto& note : last_status_["notes"]) {
    if (note["id"] == "interrupted-0") text = note["text"];
  }
  EXPECT_EQ(text, path("stopped.json").string() +
                      " was interrupted (Ctrl-C): it holds 1 of 4 combinations, 1 of them with only the iterations "
                      "that finished.");
}

TEST_F(PerfHtml, AxesHeadingsAndNamesReadCleanly) {
  const json sweep = sweep_report(genai_run("decades"), {16, 256, 4096});
  std::ofstream(path("decades.json")) << sweep.dump();
  auto result =
      test::run_winml("perf report " + path("decades.json").string() + " -o " + path("decades.html").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_page_draws(path("decades.html"), {sweep});
  const json prompts = chart_status(last_status_, "sweep-genai-prompt_tokens");
  EXPECT_EQ(prompts["axes"]["x"]["type"], "logarithmic") << prompts.dump(2);
  const json threads = chart_status(last_status_, "sweep-genai-threads");
  EXPECT_EQ(threads["axes"]["x"]["type"], "linear");
  ASSERT_FALSE(threads["axes"]["x"]["ticks"].empty());
  for (const auto& tick : threads["axes"]["x"]["ticks"]) {
    const double value = tick["value"].get<double>();
    EXPECT_EQ(value, std::round(value)) << threads.dump(2);
  }
  for (const auto& chart : last_status_["charts"]) {
    for (const auto& [key, scale] : chart["axes"].items()) {
      const std::string title = scale["title"];
      for (const char* unit : {"tokens/s", "threads", "tokens", "ms"}) {
        const std::string doubled = std::string(unit) + " (" + unit + ")";
        EXPECT_EQ(title.find(doubled), std::string::npos) << chart["id"] << " " << key << ": " << title;
      }
    }
  }
  const auto& headings = last_status_["headings"];
  for (std::size_t i = 1; i < headings.size(); ++i) {
    const std::string before = headings[i - 1], now = headings[i];
    EXPECT_FALSE(before.rfind("H2 ", 0) == 0 && now.rfind("H3 ", 0) == 0 && before.substr(3) == now.substr(3))
        << "heading repeated: " << now;
  }
  std::set<std::string> labels;
  for (const auto& label : last_status_["labels"]) {
    labels.insert(label.get<std::string>());
    EXPECT_NE(label.get<std::string>().find("threads"), std::string::npos) << label;
  }
  EXPECT_EQ(labels.size(), last_status_["labels"].size()) << "two results share a name";
}

// --profile: a stacked bar per phase, one segment per stage x EP x operator type, in ms per step.
TEST_F(PerfHtml, ProfiledRunDrawsStackedBarsForPrefillAndDecode) {
  const json report = genai_run("profiled", "--profile --html " + path("profiled.html").string(), 6);
  const test::LoadedPage loaded = test::load_page(chromium_, path("profiled.html"));
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  const json status = test::render_status(loaded.dom);
  ASSERT_TRUE(status.is_object()) << loaded.dom;
  EXPECT_EQ(status["errors"], json::array()) << status.dump(2);
  const json& profile = test::first_result(report)["metrics"]["profile"];
  for (const json& phase : profile["phases"]) {
    const std::string id = "profile-" + phase["phase"].get<std::string>();
    const json chart = chart_status(status, id);
    ASSERT_TRUE(chart.is_object()) << id << " not drawn: " << status.dump(2);
    EXPECT_EQ(chart["datasets"], phase["cells"].size()) << id;
    double per_step = 0;
    for (const json& cell : phase["cells"]) per_step += cell["ms"].get<double>() / phase["steps"].get<double>();
    EXPECT_NEAR(chart["sum"].get<double>(), per_step, 1e-9 * (1 + per_step)) << id;
  }
}

TEST_F(PerfHtml, AResultAloneIsNamedByItsModelAndEp) {
  const json report = genai_run("alone", "--html " + path("alone.html").string());
  expect_page_draws(path("alone.html"), {report});
  ASSERT_EQ(last_status_["labels"].size(), 1u);
  EXPECT_EQ(last_status_["labels"][0], "tiny · " + test::first_result(report)["config"]["ep"].get<std::string>());
}

}  // namespace
}  // namespace winml
