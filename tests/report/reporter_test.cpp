#include "report/reporter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "fixtures.h"
#include "test_support/report_doc.h"
#include "winml/errors.h"

namespace winml::report {
namespace {

// Three fast generations and one slow: the t interval of the TTFT mean reaches below 0 and is cut
// there. The text marks the cut end instead of printing 0 as a bound ("-32.50/+71.60"), and the
// JSON says so.
TEST(Reporter, AnIntervalCutAtZeroIsMarked) {
  perf::GenaiPerfResult report = testing::genai_fixture();
  report.metrics.ttft_s = perf::summarize({0.010, 0.010, 0.010, 0.100});
  const std::string text = make_reporter("text", false)->render(report);
  EXPECT_NE(text.find("[≥0, 104.105 ms]"), std::string::npos) << text;
  EXPECT_EQ(text.find("-32.500 ms/+"), std::string::npos) << text;
  const auto doc = nlohmann::json::parse(make_reporter("json", false)->render(report));
  const auto& ci = doc["results"][0]["metrics"]["ttft_ms"]["mean_ci95"];
  EXPECT_EQ(ci["clipped"], true) << ci;
  EXPECT_EQ(ci["low"], 0) << ci;
  EXPECT_EQ(doc["results"][0]["metrics"]["tpot_ms"]["mean_ci95"]["clipped"], false);
}

TEST(Reporter, FormatNames) {
  const auto genai = testing::genai_fixture();
  EXPECT_EQ(nlohmann::json::parse(make_reporter("json", true)->render(genai))["kind"], "genai");
  EXPECT_EQ(make_reporter("text", false)->render(genai).rfind("winml perf", 0), 0u);
  try {
    make_reporter("xml", false);
    FAIL() << "xml accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("use one of text, json, csv, md, jsonl"), std::string::npos) << e.what();
  }
}

// A run with no result (an empty slice of a sweep) renders in every format without a crash: the
// JSON report is a valid document with an empty results array, text says so, rows are empty.
TEST(Reporter, AnEmptyRunRendersInEveryFormat) {
  for (const std::string& format : format_names()) {
    SCOPED_TRACE(format);
    const auto reporter = make_reporter(format, false);
    const std::string genai = reporter->render(perf::GenaiPerfReport{});
    const std::string onnx = reporter->render(perf::OnnxPerfReport{});
    if (format == "json") {
      EXPECT_TRUE(nlohmann::json::parse(genai)["results"].empty());
      EXPECT_EQ(nlohmann::json::parse(onnx)["kind"], "onnx");
    } else if (format == "text") {
      EXPECT_EQ(genai, "winml perf · no results\n");
    } else {
      EXPECT_EQ(genai.find("winml-genai"), std::string::npos) << genai;
    }
  }
}

// More decode steps than the sparkline has columns: bucket means, and the line says so.
TEST(Reporter, LongTimelinesAreDownsampledToTheSparklineWidth) {
  auto genai = testing::genai_fixture();
  genai.metrics.decode_timeline.clear();
  for (std::size_t step = 1; step <= 100; ++step) {
    perf::DecodePosition p{step, 23 + static_cast<long long>(step), {}};
    p.latency_s.count = 1;
    p.latency_s.median = step <= 50 ? 0.010 : 0.020;  // a cliff halfway
    genai.metrics.decode_timeline.push_back(p);
  }
  const std::string half(24, '.');
  const std::string ascii = make_reporter("text", false, text::Glyphs::ascii)->render(genai);
  EXPECT_NE(
      ascii.find(half + std::string(24, '@') +
                 "  10.000 ms to 20.000 ms · median by step 1-100 (context 24-123 tokens), 48 columns of 2.1 steps"),
      std::string::npos)
      << ascii;
}

TEST(Reporter, ColourOnlyWhenAsked) {
  const auto onnx = testing::onnx_fixture();
  EXPECT_EQ(make_reporter("text", false)->render(onnx).find('\x1b'), std::string::npos);
  EXPECT_NE(make_reporter("text", true)->render(onnx).find("\x1b[1m"), std::string::npos);
  EXPECT_EQ(make_reporter("json", true)->render(onnx).find('\x1b'), std::string::npos);
}

// Every statistic cell carries a unit: the rows between the table header and the blank line, each
// with as many cells as the header has columns (which follow the report's percentiles). The "±95%"
// column holds the half-width of the mean's interval, signed "±" and in the metric's unit (both
// distances when it is asymmetric, its ends "[≥0, high]" when it was cut at 0); the "cv"
// column is a percentage; "-" stands for a statistic a row cannot have (e.g. no interval from one sample).
void expect_units_in_stats(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::vector<std::string> header;
  int rows = 0;
  const std::string value = R"([0-9]+\.[0-9]+ (µs|ms|s|tok/s))";
  const std::regex plain_cell("^(-|" + value + ")$");
  // "[≥0, 13.30 ms]" for an interval cut at 0 (a skewed sample whose t interval reached below 0).
  const std::regex half_width_cell("^(-|±" + value + "|-" + value + "/\\+" + value + "|\\[≥0, " + value + "\\])$");
  const std::regex percent_cell(R"(^(-|[0-9]+\.[0-9] %)$)");
  auto split = [](const std::string& l) {
    std::vector<std::string> cells;
    const std::regex words(R"(\S+( \S+)*)");
    for (auto it = std::sregex_iterator(l.begin(), l.end(), words); it != std::sregex_iterator(); ++it) {
      cells.push_back(it->str());
    }
    return cells;
  };
  auto format_of = [&](const std::string& column) -> const std::regex& {
    if (column == "±95%") return half_width_cell;
    if (column == "cv") return percent_cell;
    return plain_cell;
  };
  while (std::getline(lines, line)) {
    if (line.rfind("  metric", 0) == 0) {
      header = split(line);
      EXPECT_GE(header.size(), 9u) << line;  // metric n mean ±95% min max (percentiles) stddev cv
      EXPECT_EQ(std::count(header.begin(), header.end(), "±95%"), 1) << line;
      EXPECT_EQ(std::count(header.begin(), header.end(), "cv"), 1) << line;
      continue;
    }
    if (header.empty()) continue;
    if (line.empty()) break;
    const std::vector<std::string> cells = split(line);
    ASSERT_EQ(cells.size(), header.size()) << line;
    for (std::size_t i = 2; i < cells.size(); ++i) {
      EXPECT_TRUE(std::regex_match(cells[i], format_of(header[i]))) << header[i] << ": " << cells[i];
    }
    ++rows;
  }
  EXPECT_GT(rows, 0);
}

TEST(Reporter, EveryStatisticHasAUnit) {
  // Every statistic: the whole table (--columns all), not the default's narrow set.
  const ColumnChoice all{.all = true, .names = {}};
  auto text = [&](const auto& result) {
    return make_reporter("text", false, text::Glyphs::unicode, all)->render(result);
  };
  expect_units_in_stats(text(testing::genai_fixture()));
  expect_units_in_stats(text(testing::genai_budget_fixture()));
  expect_units_in_stats(text(testing::onnx_fixture()));
  expect_units_in_stats(text(testing::onnx_budget_fixture()));
}

TEST(Reporter, DebugBuildIsFlagged) {
  EXPECT_NE(
      make_reporter("text", false)->render(testing::genai_budget_fixture()).find("warning: winml was built as 'Debug'"),
      std::string::npos);
  EXPECT_EQ(make_reporter("text", false)->render(testing::genai_fixture()).find("warning:"), std::string::npos);
}

TEST(Reporter, InvalidUtf8DoesNotThrow) {
  auto r = testing::genai_fixture();
  r.config.prompt = "bad \xff byte";
  const std::string json = make_reporter("json", false)->render(r);
  EXPECT_NE(test::first_result(nlohmann::json::parse(json))["config"]["prompt"].get<std::string>().find("\xEF\xBF\xBD"),
            std::string::npos);
}

}  // namespace
}  // namespace winml::report
