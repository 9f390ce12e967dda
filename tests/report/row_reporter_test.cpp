// The row formats (csv, md, jsonl) parsed back: jsonl with nlohmann line by line, md by its table
// structure, csv here for quoting and by Python's csv module (check_rows.py) for the round trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "fixtures.h"
#include "report/row_reporter.h"
#include "test_support/row_formats.h"
#include "test_support/temp_dir.h"

namespace winml::report {
namespace {

using nlohmann::json;

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Two results of a sweep, one with a path that needs quoting everywhere.
std::vector<perf::GenaiPerfResult> genai_sweep() {
  std::vector<perf::GenaiPerfResult> results = {testing::genai_fixture(), testing::genai_fixture()};
  results[1].config.bundle = "dir, \"quoted\"|piped\nnext line";
  results[1].config.max_new_tokens = 64;
  results[1].config.run.threads.intra_op_threads.reset();
  return results;
}

// The cell of column `name` in row `row`.
Cell cell_of(const RowTable& table, std::size_t row, const std::string& name) {
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    if (table.columns[i].name == name) return table.rows[row][i];
  }
  ADD_FAILURE() << "no column " << name;
  return {};
}

TEST(RowTable, RowsSayWhereTheyWereMeasured) {
  const std::vector<perf::GenaiPerfResult> results = genai_sweep();
  const RowTable sharded = genai_rows(results, perf::Shard{.index = 2, .count = 3});
  for (std::size_t row = 0; row < 2; ++row) {
    EXPECT_EQ(cell_of(sharded, row, "host_name"), Cell(std::string("bench-01")));
    EXPECT_EQ(cell_of(sharded, row, "cpu_model"), Cell(std::string("Example CPU @ 3.00GHz")));
    EXPECT_EQ(cell_of(sharded, row, "logical_cores"), Cell(std::int64_t{8}));
    EXPECT_EQ(cell_of(sharded, row, "memory_total_bytes"), Cell(std::int64_t{16} << 30));
    EXPECT_EQ(cell_of(sharded, row, "os"), Cell(std::string("Debian GNU/Linux 12 (bookworm)")));
    EXPECT_EQ(cell_of(sharded, row, "arch"), Cell(std::string("x86_64")));
    EXPECT_EQ(cell_of(sharded, row, "shard_index"), Cell(std::int64_t{2}));
    EXPECT_EQ(cell_of(sharded, row, "shard_count"), Cell(std::int64_t{3}));
  }
  const RowTable whole = genai_rows(results);
  EXPECT_EQ(cell_of(whole, 0, "shard_index"), Cell());
  EXPECT_EQ(cell_of(whole, 0, "shard_count"), Cell());
  perf::OnnxPerfResult unknown = testing::onnx_fixture();
  unknown.context.machine.logical_cores = 0;
  unknown.context.machine.host_name.clear();
  const RowTable onnx = onnx_rows(std::span(&unknown, 1));
  EXPECT_EQ(cell_of(onnx, 0, "logical_cores"), Cell());
  EXPECT_EQ(cell_of(onnx, 0, "host_name"), Cell(std::string()));
}

TEST(RowTable, ColumnsCarryTheirUnitsAndTheChosenPercentiles) {
  const RowTable table = genai_rows(genai_sweep());
  ASSERT_EQ(table.rows.size(), 2u);
  std::vector<std::string> names;
  for (const Column& c : table.columns) names.push_back(c.name);
  for (const char* expected : {"runtime", "bundle", "threads", "prompt_tokens", "max_new_tokens", "ttft_mean_ms",
                               "ttft_median_ms", "ttft_p90_ms", "ttft_p99_ms", "ttft_stddev_ms", "ttft_n",
                               "decode_rate_median_tokens_per_s", "peak_rss_bytes"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
  // The median is the nearest-rank 50th percentile: no second column for it.
  EXPECT_EQ(std::find(names.begin(), names.end(), "ttft_p50_ms"), names.end());
  // Cold-start columns only with --cold (the fixture has it; the budget fixture not).
  EXPECT_NE(std::find(names.begin(), names.end(), "cold_load_to_first_token_median_ms"), names.end());
  auto warm = testing::genai_fixture();
  warm.cold.reset();
  const auto budget = testing::genai_budget_fixture();
  ASSERT_FALSE(budget.cold);
  // Percentiles 90, 99.9 instead of 90, 95, 99: one column fewer for each of the 7 summaries.
  EXPECT_EQ(genai_rows(std::span(&budget, 1)).columns.size(), genai_rows(std::span(&warm, 1)).columns.size() - 7);
}

TEST(RowTable, ResultsWithDifferentPercentilesCannotShareATable) {
  const std::vector<perf::GenaiPerfResult> mixed = {testing::genai_fixture(), testing::genai_budget_fixture()};
  EXPECT_THROW(genai_rows(mixed), UsageError);
}

TEST(RowFormats, JsonlIsOneObjectPerRowWithTheColumnsAsKeys) {
  const RowTable table = genai_rows(genai_sweep());
  const auto text = lines(JsonlReporter().render_table(table));
  ASSERT_EQ(text.size(), 2u);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const json row = json::parse(text[i]);
    EXPECT_EQ(row["schema_version"], kRowSchemaVersion);
    EXPECT_EQ(row["kind"], "genai");
    EXPECT_EQ(row.size(), table.columns.size() + 2);
    for (const Column& c : table.columns) EXPECT_TRUE(row.contains(c.name)) << c.name;
  }
  EXPECT_EQ(json::parse(text[1])["bundle"], "dir, \"quoted\"|piped\nnext line");
  EXPECT_TRUE(json::parse(text[1])["threads"].is_null());
  EXPECT_EQ(json::parse(text[1])["max_new_tokens"], 64);
}

TEST(RowFormats, MarkdownRowsHaveTheHeadersColumnCount) {
  for (const auto& text : {MarkdownReporter().render_table(genai_rows(genai_sweep())),
                           MarkdownReporter().render(testing::onnx_fixture())}) {
    const auto check = test::check_markdown_table(text);
    EXPECT_TRUE(check.empty()) << check << text;
  }
  const auto md = lines(MarkdownReporter().render_table(genai_rows(genai_sweep())));
  ASSERT_EQ(md.size(), 4u);  // header, separator, two rows: the line break inside a cell is gone
  EXPECT_EQ(md[1].rfind("| --- | --- | --- | --- | ---: |", 0), 0u) << md[1];
  EXPECT_NE(md[3].find("dir, \"quoted\"\\|piped next line"), std::string::npos) << md[3];
}

TEST(RowFormats, CsvQuotesOnlyFieldsThatNeedIt) {
  const auto csv = CsvReporter().render_table(genai_rows(genai_sweep()));
  EXPECT_NE(csv.find(",\"dir, \"\"quoted\"\"|piped\nnext line\","), std::string::npos) << csv;
  EXPECT_EQ(csv.find('\r'), std::string::npos);
  EXPECT_EQ(csv.rfind("runtime,bundle,ep,device,threads,", 0), 0u);
}

// Python's csv module reads back exactly the cells, header and all, for both runtimes.
TEST(RowFormats, CsvRoundTripsThroughPython) {
  const test::TempDir dir;
  const RowTable genai = genai_rows(genai_sweep());
  const auto onnx_result = testing::onnx_fixture();
  const RowTable onnx = onnx_rows(std::span(&onnx_result, 1));
  for (const RowTable* table : {&genai, &onnx}) {
    const auto file = dir.path() / (table->kind + ".csv");
    std::ofstream(file, std::ios::binary) << CsvReporter().render_table(*table);
    json expected = json::array();
    json header = json::array();
    for (const Column& c : table->columns) header.push_back(c.name);
    expected.push_back(header);
    for (const auto& row : table->rows) {
      json cells = json::array();
      for (const Cell& cell : row) cells.push_back(cell_text(cell));
      expected.push_back(cells);
    }
    const auto read = test::read_csv_with_python(file);
    ASSERT_EQ(read.exit_code, 0) << read.output;
    EXPECT_EQ(json::parse(read.output), expected);
  }
}

// A bundle path or EP name holding terminal controls reaches no terminal raw in any row format:
// csv and md escape them (csv keeps a quoted line break), jsonl as JSON does, C1 included.
TEST(RowFormats, ControlsInCellsAreEscaped) {
  std::vector<perf::GenaiPerfResult> results = {testing::genai_fixture()};
  results[0].config.bundle =
      "b\x1b]0;owned\x07\rX\xc2\x9b"
      "2J\xe2\x80\xae";
  const RowTable table = genai_rows(results);
  for (const std::string& text : {CsvReporter().render_table(table), MarkdownReporter().render_table(table),
                                  JsonlReporter().render_table(table)}) {
    EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
    EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
    EXPECT_EQ(text.find('\r'), std::string::npos) << text;
    EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos) << text;
    EXPECT_EQ(text.find("\xe2\x80\xae"), std::string::npos) << text;
  }
  EXPECT_NE(CsvReporter().render_table(table).find("b\\x1b]0;owned\\x07\\rX\\u009b2J\\u202e"), std::string::npos);
  EXPECT_NE(JsonlReporter().render_table(table).find("\\u009b2J\\u202e"), std::string::npos);
}

}  // namespace
}  // namespace winml::report
