#include "report/text_table.h"

#include <gtest/gtest.h>

#include "report/text_units.h"

namespace winml::report::text {
namespace {

TEST(TextTable, AlignsNumbersRightAndLabelsLeft) {
  Table t({"metric", "mean"});
  t.add_row({"TTFT", "1.000 ms"});
  t.add_row({"decode step", "12.5 µs"});
  EXPECT_EQ(t.render(Style::make(false), 2),
            "  metric           mean\n"
            "  TTFT         1.000 ms\n"
            "  decode step   12.5 µs\n");
}

TEST(TextTable, TextTablesAreLeftAlignedWithoutTrailingSpaces) {
  Table t({}, false);
  t.add_row({"a", "x"});
  t.add_row({"longer", "yy"});
  EXPECT_EQ(t.render(Style::make(false)), "a       x\nlonger  yy\n");
}

TEST(TextTable, ColourDoesNotChangeAlignment) {
  Table t({"k", "v"});
  t.add_row({"ab", "1 s"});
  const std::string plain = t.render(Style::make(false));
  std::string coloured = t.render(Style::make(true));
  for (const char* code : {"\x1b[1m", "\x1b[36m", "\x1b[0m"}) {
    for (std::size_t at; (at = coloured.find(code)) != std::string::npos;) coloured.erase(at, std::string(code).size());
  }
  EXPECT_EQ(coloured, plain);
  EXPECT_NE(t.render(Style::make(true)), plain);
}

// A toned cell is coloured after padding, and a left-aligned column of words pads on the right.
TEST(TextTable, TonedCellsAndLeftAlignedColumns) {
  auto render = [](const Style& style) {
    Table t({"METRIC", "CHANGE", "VERDICT"});
    t.align_left(2);
    t.add_row({"TTFT", "+20.0 %", "slower"}, {"", style.bad, style.bad});
    t.add_row({"TPOT", "+0.1 %", "no significant change"});
    return t.render(style);
  };
  EXPECT_EQ(render(Style::make(false)),
            "METRIC   CHANGE  VERDICT\n"
            "TTFT    +20.0 %  slower\n"
            "TPOT     +0.1 %  no significant change\n");
  EXPECT_NE(render(Style::make(true)).find("\x1b[31m+20.0 %\x1b[0m  \x1b[31mslower\x1b[0m"), std::string::npos);
}

// Cells repeat a bundle's path, a model's input names, an EP's name: each stays on its line and
// drives no terminal, and the columns still align on what is shown.
TEST(TextTable, CellsAreMadePrintable) {
  Table t({}, false);
  t.add_row({"bundle", "/m/\x1b]0;owned\x07x\ny"});
  t.add_row({"input",
             "in\xc2\x9b"
             "2J"});
  EXPECT_EQ(t.render(Style::make(false)),
            "bundle  /m/\\x1b]0;owned\\x07x\\ny\n"
            "input   in\\u009b2J\n");
}

TEST(TextUnits, Durations) {
  EXPECT_EQ(duration(0.0000123), "12.3 µs");
  EXPECT_EQ(duration(0.0123456), "12.346 ms");
  EXPECT_EQ(duration(1.5), "1.500 s");
  EXPECT_EQ(duration(0.5, TimeUnit::s), "0.500 s");
  EXPECT_EQ(pick_time_unit(0.000999), TimeUnit::us);
  EXPECT_EQ(pick_time_unit(0.001), TimeUnit::ms);
  EXPECT_EQ(pick_time_unit(1.0), TimeUnit::s);
}

TEST(TextUnits, BytesAndRates) {
  EXPECT_EQ(bytes(0), "n/a");
  EXPECT_EQ(bytes(512), "512 B");
  EXPECT_EQ(bytes(1536), "1.5 KiB");
  EXPECT_EQ(bytes(3ull << 30), "3.0 GiB");
  EXPECT_EQ(rate(99.999, "tok/s"), "100.00 tok/s");
  EXPECT_EQ(display_width("12.5 µs"), 7u);
}

}  // namespace
}  // namespace winml::report::text
