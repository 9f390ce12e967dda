#include "help_width.h"

#include <gtest/gtest.h>

namespace winml::cli {
namespace {

TEST(HelpWidth, EightyWhenNothingSays) { EXPECT_EQ(choose_help_width(std::nullopt, std::nullopt), 80); }

TEST(HelpWidth, TheTerminalsWidth) {
  EXPECT_EQ(choose_help_width(std::nullopt, 72), 72);
  EXPECT_EQ(choose_help_width(std::nullopt, 0), 80);
}

TEST(HelpWidth, ColumnsWinsWhenItIsANumber) {
  EXPECT_EQ(choose_help_width("90", 72), 90);
  EXPECT_EQ(choose_help_width("", 72), 72);
  EXPECT_EQ(choose_help_width("wide", 72), 72);
  EXPECT_EQ(choose_help_width("90x", std::nullopt), 80);
  EXPECT_EQ(choose_help_width("-5", std::nullopt), 80);
}

TEST(HelpWidth, StaysReadable) {
  EXPECT_EQ(choose_help_width("10", std::nullopt), kMinHelpWidth);
  EXPECT_EQ(choose_help_width(std::nullopt, 300), kMaxHelpWidth);
}

}  // namespace
}  // namespace winml::cli
