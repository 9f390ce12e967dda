#include "util/utf8.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml {
namespace {

TEST(Utf8, ValidTextHasNoInvalidOffset) {
  const std::vector<std::string> valid = {"",
                                          "plain ASCII",
                                          "caf\xc3\xa9",
                                          "\xe2\x82\xac 5",
                                          "\xf0\x9f\x98\x80 emoji",
                                          "\xef\xbf\xbd",
                                          "\xf4\x8f\xbf\xbf",
                                          std::string("nul\0inside", 10)};
  for (const auto& text : valid) {
    EXPECT_FALSE(invalid_utf8_offset(text)) << text;
  }
}

TEST(Utf8, InvalidSequencesAreFoundAtTheirOffset) {
  struct Case {
    const char* what;
    std::string text;
    std::size_t offset;
  };
  const Case cases[] = {
      {"lone continuation", "ab\x80", 2}, {"latin-1 byte", "caf\xe9", 3},
      {"truncated 2-byte", "x\xc3", 1},   {"truncated 3-byte", "\xe2\x82", 0},
      {"overlong slash", "\xc0\xaf", 0},  {"overlong 3-byte", "\xe0\x80\xaf", 0},
      {"surrogate", "ok\xed\xa0\x80", 2}, {"above U+10FFFF", "\xf4\x90\x80\x80", 0},
      {"never a lead byte", "\xff", 0},   {"bad continuation", "\xe2\x28\xa1", 0},
  };
  for (const auto& c : cases) {
    auto offset = invalid_utf8_offset(c.text);
    ASSERT_TRUE(offset) << c.what;
    EXPECT_EQ(*offset, c.offset) << c.what;
  }
}

}  // namespace
}  // namespace winml
