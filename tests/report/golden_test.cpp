// Golden tests: a change to any output format must fail here, not in someone's parser.
// To accept an intended change, run the test binary with WINML_UPDATE_GOLDEN=1 and review the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "compare/compare_format.h"
#include "fixtures.h"
#include "report/json_reporter.h"
#include "report/reporter.h"
#include "report/text_reporter.h"
#include "resources_fixture.h"
#include "serving_fixture.h"
#include "test_support/compare_fixtures.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

std::string golden_path(const std::string& name) {
  return std::string(WINML_TEST_SOURCE_DIR) + "/tests/report/golden/" + name;
}

void expect_golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  if (const char* update = std::getenv("WINML_UPDATE_GOLDEN"); update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    GTEST_SKIP() << "rewrote " << path;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << path << "; create it with WINML_UPDATE_GOLDEN=1";
  std::stringstream expected_stream;
  expected_stream << in.rdbuf();
  const std::string expected = expected_stream.str();
  if (expected == actual) return;
  // Show the first differing line rather than two whole reports.
  std::istringstream e(expected), a(actual);
  std::string el, al;
  int line = 0;
  while (true) {
    ++line;
    const bool more_e = static_cast<bool>(std::getline(e, el));
    const bool more_a = static_cast<bool>(std::getline(a, al));
    if (!more_e && !more_a) break;
    if (el != al || more_e != more_a) break;
  }
  ADD_FAILURE() << "output differs from " << path << " at line " << line << "\n  expected: " << el
                << "\n  actual:   " << al << "\nIf the change is intended, rerun with WINML_UPDATE_GOLDEN=1.";
}

TEST(Golden, GenaiText) { expect_golden("genai.txt", TextReporter(false).render(testing::genai_fixture())); }

TEST(Golden, GenaiTextColor) { expect_golden("genai_color.txt", TextReporter(true).render(testing::genai_fixture())); }

// A locale that is not UTF-8: the timeline's sparkline in ASCII.
TEST(Golden, GenaiTextAscii) {
  expect_golden("genai_ascii.txt", TextReporter(false, text::Glyphs::ascii).render(testing::genai_fixture()));
}

TEST(Golden, GenaiBudgetText) {
  expect_golden("genai_budget.txt", TextReporter(false).render(testing::genai_budget_fixture()));
}

TEST(Golden, GenaiJson) { expect_golden("genai.json", JsonReporter().render(testing::genai_fixture())); }

TEST(Golden, GenaiBudgetJson) {
  expect_golden("genai_budget.json", JsonReporter().render(testing::genai_budget_fixture()));
}

// A sampled run: the "resources" object and the console block (docs/formats.md, "Resources in the report").
TEST(Golden, ResourcesJson) {
  expect_golden("genai_resources.json", JsonReporter().render(testing::genai_resources_fixture()));
  expect_golden("onnx_resources.json", JsonReporter().render(testing::onnx_resources_fixture()));
}

TEST(Golden, ResourcesText) {
  expect_golden("genai_resources.txt", TextReporter(false).render(testing::genai_resources_fixture()));
  expect_golden("onnx_resources.txt", TextReporter(false).render(testing::onnx_resources_fixture()));
}

TEST(Golden, OnnxText) { expect_golden("onnx.txt", TextReporter(false).render(testing::onnx_fixture())); }

TEST(Golden, OnnxBudgetText) {
  expect_golden("onnx_budget.txt", TextReporter(false).render(testing::onnx_budget_fixture()));
}

TEST(Golden, OnnxJson) { expect_golden("onnx.json", JsonReporter().render(testing::onnx_fixture())); }

TEST(Golden, OnnxBudgetJson) {
  expect_golden("onnx_budget.json", JsonReporter().render(testing::onnx_budget_fixture()));
}

// A sweep: the llama-bench-style table in the console, every combination in the report.
TEST(Golden, SweepText) {
  expect_golden("genai_sweep.txt", TextReporter(false).render(testing::genai_sweep_fixture()));
  expect_golden("onnx_sweep.txt", TextReporter(false).render(testing::onnx_sweep_fixture()));
}

TEST(Golden, SweepJson) { expect_golden("genai_sweep.json", JsonReporter().render(testing::genai_sweep_fixture())); }

// Served through GenAI's Engine: a concurrency sweep's table and report, and one open-loop result
// of two-turn conversations with objectives.
TEST(Golden, ServingText) {
  expect_golden("serving_sweep.txt", TextReporter(false).render(testing::serving_sweep_fixture()));
  expect_golden("serving_turns.txt", TextReporter(false).render(testing::serving_turns_fixture()));
}

TEST(Golden, ServingJson) {
  expect_golden("serving_sweep.json", JsonReporter().render(testing::serving_sweep_fixture()));
  expect_golden("serving_turns.json", JsonReporter().render(testing::serving_turns_fixture()));
}

// The row formats: every format for both runtimes, with the default percentiles and with others
// (the budget fixtures), since percentiles name columns.
TEST(Golden, RowFormats) {
  for (const std::string e : {"csv", "md", "jsonl"}) {
    SCOPED_TRACE(e);
    const auto reporter = make_reporter(e, false);
    expect_golden("genai." + e, reporter->render(testing::genai_fixture()));
    expect_golden("genai_budget." + e, reporter->render(testing::genai_budget_fixture()));
    expect_golden("onnx." + e, reporter->render(testing::onnx_fixture()));
    expect_golden("onnx_budget." + e, reporter->render(testing::onnx_budget_fixture()));
    expect_golden("genai_resources." + e, reporter->render(testing::genai_resources_fixture()));
    expect_golden("onnx_resources." + e, reporter->render(testing::onnx_resources_fixture()));
    expect_golden("genai_sweep." + e, reporter->render(testing::genai_sweep_fixture()));
    expect_golden("serving_sweep." + e, reporter->render(testing::serving_sweep_fixture()));
    expect_golden("serving_turns." + e, reporter->render(testing::serving_turns_fixture()));
  }
}

// perf compare (tests/report/golden/compare): a plain run 20 % slower with the gate at 5 %, in text,
// colour and JSON; a sweep with rows on one side only, under --force across two bundles; a single
// model against two later reports; a sweep on the CPU against the same sweep on an NPU EP.
compare::Comparison plain_comparison() {
  return compare::compare_reports({testing::document("base.json", Json::array({testing::genai_result(1, 1)})),
                                   testing::document("new.json", Json::array({testing::genai_result(1.2, 2)}))},
                                  false);
}

compare::Comparison sweep_comparison() {
  const Json base =
      Json::array({testing::genai_result(1, 1, 16), testing::genai_result(1, 1, 64), testing::genai_result(1, 2, 16)});
  const Json next = Json::array({testing::genai_result(0.9, 1, 16, "/m/tiny-int4"),
                                 testing::genai_result(1.002, 2, 16, "/m/tiny-int4"),
                                 testing::genai_result(1, 2, 64, "/m/tiny-int4")});
  return compare::compare_reports({testing::document("base.json", base), testing::document("new.json", next)}, true);
}

// The same bundle on the CPU and on an NPU EP, a sweep of two prompt lengths each: a device
// comparison, no --force.
compare::Comparison device_comparison() {
  const Json cpu = Json::array({testing::genai_result(1, 1, 16), testing::genai_result(1, 1, 64)});
  const Json npu = Json::array({testing::genai_result(0.5, 1, 16, "/m/tiny", "winmltestep"),
                                testing::genai_result(0.25, 1, 64, "/m/tiny", "winmltestep")});
  return compare::compare_reports({testing::document("cpu.json", cpu), testing::document("npu.json", npu)}, false);
}

compare::Comparison onnx_comparison() {
  return compare::compare_reports({testing::document("a.json", testing::onnx_results(1), "onnx"),
                                   testing::document("b.json", testing::onnx_results(0.98), "onnx"),
                                   testing::document("c.json", testing::onnx_results(1.1), "onnx")},
                                  false);
}

// The comparison's text and JSON with the gate --fail-if-slower `limit` sets, when given.
std::string compare_text_of(const compare::Comparison& comparison, std::optional<double> limit, bool color) {
  return compare::compare_text(comparison, limit ? std::optional(compare::gate(comparison, *limit)) : std::nullopt,
                               color);
}

std::string compare_json_of(const compare::Comparison& comparison, std::optional<double> limit) {
  return compare::compare_json(comparison, limit ? std::optional(compare::gate(comparison, *limit)) : std::nullopt);
}

TEST(Golden, CompareText) {
  expect_golden("compare/plain.txt", compare_text_of(plain_comparison(), 5.0, false));
  expect_golden("compare/plain_color.txt", compare_text_of(plain_comparison(), 5.0, true));
  expect_golden("compare/sweep.txt", compare_text_of(sweep_comparison(), std::nullopt, false));
  expect_golden("compare/onnx.txt", compare_text_of(onnx_comparison(), 5.0, false));
  expect_golden("compare/devices.txt", compare_text_of(device_comparison(), std::nullopt, false));
}

TEST(Golden, CompareJson) {
  expect_golden("compare/plain.json", compare_json_of(plain_comparison(), 5.0));
  expect_golden("compare/sweep.json", compare_json_of(sweep_comparison(), std::nullopt));
  expect_golden("compare/onnx.json", compare_json_of(onnx_comparison(), 5.0));
  expect_golden("compare/devices.json", compare_json_of(device_comparison(), std::nullopt));
}

}  // namespace
}  // namespace winml::report
