// --columns: the narrow default of the console and md tables, "all", and named columns.

#include "report/columns.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "fixtures.h"
#include "report/row_reporter.h"
#include "report/text_reporter.h"
#include "report/text_table.h"
#include "winml/errors.h"

namespace winml::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The header line of the console's table that starts with `first`.
std::string console_header(const std::string& text, const std::string& first) {
  const std::size_t at = text.find("  " + first + " ");
  return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
}

TEST(Columns, ParsesAllAndCommaLists) {
  EXPECT_TRUE(parse_columns("all").all);
  EXPECT_EQ(parse_columns("threads, ttft_mean_ms").names, (std::vector<std::string>{"threads", "ttft_mean_ms"}));
  EXPECT_THROW(parse_columns("a,,b"), UsageError);
  EXPECT_THROW(parse_columns(""), UsageError);
}

TEST(Columns, ChoosesTheDefaultEveryOrTheNamedInTheirOrder) {
  const std::vector<std::string> names = {"label", "a", "b", "c"};
  const std::vector<bool> in_default = {false, true, false, true}, fixed = {true, false, false, false};
  EXPECT_EQ(chosen_columns({}, names, in_default, fixed, "t"), (std::vector<std::size_t>{0, 1, 3}));
  EXPECT_EQ(chosen_columns({.all = true, .names = {}}, names, in_default, fixed, "t"),
            (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(chosen_columns({.all = false, .names = {"c", "b"}}, names, in_default, fixed, "t"),
            (std::vector<std::size_t>{0, 3, 2}));
  try {
    chosen_columns({.all = false, .names = {"x"}}, names, in_default, fixed, "sweep table");
    FAIL() << "no error for an unknown column";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--columns: the sweep table has no column 'x': use some of a,b,c, or all");
  }
}

TEST(Columns, KeepingColumnsOfShortRowsLeavesTheirCellsEmpty) {
  text::Table t({"name", "one", "two"});
  t.add_row({"a", "1", "2"});
  t.add_row({"b", "1"});
  t.keep_columns({0, 2, 1});
  EXPECT_EQ(t.render({}), "name  two  one\na       2    1\nb            1\n");
}

// The console's statistics table: n, mean, its interval, the median, the highest percentile and cv
// (the ~170-column table of every statistic is --columns all).
TEST(Columns, TheConsoleStatisticsTableIsNarrowByDefault) {
  const std::string narrow = console_header(TextReporter(false).render(testing::genai_fixture()), "metric");
  EXPECT_THAT(narrow, ::testing::MatchesRegex("  metric +n +mean +±95% +p50 +p99 +cv"));
  const std::string all = console_header(
      TextReporter(false, text::Glyphs::unicode, {.all = true, .names = {}}).render(testing::genai_fixture()),
      "metric");
  EXPECT_THAT(all, ::testing::MatchesRegex("  metric +n +mean +±95% +min +max +p50 +p90 +p95 +p99 +stddev +cv"));
}

TEST(Columns, TheSweepTableShowsTheSettingsAndHeadlineFigures) {
  const std::string text = TextReporter(false).render(testing::genai_sweep_fixture());
  EXPECT_THAT(console_header(text, "threads"),
              ::testing::MatchesRegex("  threads +pp +TTFT ms +TPOT ms +decode tok/s +peak RSS +greedy ids"));
  EXPECT_THAT(text, Not(HasSubstr("decode GB/s: bytes")));  // no footnote for a column not shown
  const std::string chosen = TextReporter(false, text::Glyphs::unicode, {.all = false, .names = {"clock", "decode"}})
                                 .render(testing::genai_sweep_fixture());
  EXPECT_THAT(console_header(chosen, "threads"), ::testing::MatchesRegex("  threads +pp +CPU clock +decode tok/s"));
}

// The md table a pull request holds: the settings that differ between the rows and the headline
// figures; every column with "all", as csv has them.
TEST(Columns, TheMdTableIsNarrowByDefault) {
  EXPECT_EQ(
      first_line(MarkdownReporter().render(testing::genai_sweep_fixture())),
      "| threads | prompt_tokens | ttft_mean_ms | tpot_mean_ms | decode_rate_mean_tokens_per_s | peak_rss_bytes |");
  EXPECT_EQ(first_line(MarkdownReporter().render(testing::onnx_fixture())),
            "| ep | latency_mean_ms | latency_p90_ms | samples_per_s | peak_rss_bytes |");
  const std::string all = first_line(MarkdownReporter({.all = true, .names = {}}).render(testing::genai_fixture()));
  const std::string csv = first_line(CsvReporter().render(testing::genai_fixture()));
  EXPECT_EQ(std::count(all.begin(), all.end(), '|') - 1, std::count(csv.begin(), csv.end(), ',') + 1);
  EXPECT_EQ(
      first_line(MarkdownReporter({.all = false, .names = {"ttft_p90_ms", "ep"}}).render(testing::genai_fixture())),
      "| ttft_p90_ms | ep |");
  EXPECT_THROW(MarkdownReporter({.all = false, .names = {"nope"}}).render(testing::genai_fixture()), UsageError);
}

}  // namespace
}  // namespace winml::report
