#include "util/text_wrap.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml {
namespace {

using Lines = std::vector<std::string>;

TEST(TextWrap, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrap_words("the quick brown fox jumps", 10), (Lines{"the quick", "brown fox", "jumps"}));
  EXPECT_EQ(wrap_words("exactly ten", 11), (Lines{"exactly ten"}));
  EXPECT_EQ(wrap_words("exactly ten", 10), (Lines{"exactly", "ten"}));
}

TEST(TextWrap, CollapsesSpacesAndDropsThemAtLineEnds) {
  EXPECT_EQ(wrap_words("  a   b  ", 10), (Lines{"a b"}));
  EXPECT_TRUE(wrap_words("", 10).empty());
  EXPECT_TRUE(wrap_words("    ", 10).empty());
}

TEST(TextWrap, CutsAWordWiderThanALine) {
  EXPECT_EQ(wrap_words("see /a/very/long/path now", 6), (Lines{"see", "/a/ver", "y/long", "/path", "now"}));
  EXPECT_EQ(wrap_words("abcdef", 3), (Lines{"abc", "def"}));
  EXPECT_EQ(wrap_words("ab", 0), (Lines{"a", "b"}));
}

TEST(TextWrap, KeepsTheLinesTheTextBreaks) {
  EXPECT_EQ(wrap_words("one\ntwo three", 20), (Lines{"one", "two three"}));
  EXPECT_EQ(wrap_words("one\n\ntwo", 20), (Lines{"one", "", "two"}));
}

TEST(TextWrap, CountsColumnsNotBytes) {
  EXPECT_EQ(display_columns("±1.5"), 4u);
  // Six columns, nine bytes: fits a six-column line.
  EXPECT_EQ(wrap_words("a±b±c± d", 6), (Lines{"a±b±c±", "d"}));
  EXPECT_EQ(wrap_words("±±±±", 2), (Lines{"±±", "±±"}));
}

TEST(TextWrap, NoLineIsEverWider) {
  const std::string text = "Sleep S seconds (fractions allowed) before every run but the first; see docs/fleet.md";
  for (std::size_t width = 1; width <= 40; ++width) {
    for (const auto& line : wrap_words(text, width)) EXPECT_LE(display_columns(line), width) << line;
  }
}

}  // namespace
}  // namespace winml
