#include "util/plural.h"

#include <gtest/gtest.h>

namespace winml {
namespace {

TEST(PluralTest, OneIsSingularAndEveryOtherCountPlural) {
  EXPECT_EQ(count_of(1, "output"), "1 output");
  EXPECT_EQ(count_of(2, "output"), "2 outputs");
  EXPECT_EQ(count_of(0, "output"), "0 outputs");
  EXPECT_EQ(count_of(1, "match", "matches"), "1 match");
  EXPECT_EQ(count_of(3, "match", "matches"), "3 matches");
}

TEST(PluralTest, VerbsAgreeWithTheCount) {
  EXPECT_EQ(agree(1, "matches", "match"), "matches");
  EXPECT_EQ(agree(2, "matches", "match"), "match");
  EXPECT_EQ(agree(0, "has", "have"), "have");
}

}  // namespace
}  // namespace winml
