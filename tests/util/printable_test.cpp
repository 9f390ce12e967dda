#include "util/printable.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace winml {
namespace {

TEST(Printable, KeepsPrintableTextAsItIs) {
  const std::vector<std::string> kept = {"",
                                         "plain ASCII, with punctuation: [x] {y} ~ | \\ \"q\"",
                                         "C:\\Users\\me\\report.json",
                                         "caf\xc3\xa9 \xe2\x82\xac 5 \xc2\xb1 \xc2\xb7",  // café € 5 ± ·
                                         "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",          // 日本語
                                         "\xf0\x9f\x98\x80 emoji",
                                         "\xc2\xa0no-break space"};
  for (const auto& text : kept) {
    EXPECT_EQ(printable(text), text);
    EXPECT_EQ(printable_lines(text), text);
  }
}

TEST(Printable, EscapesTerminalControls) {
  EXPECT_EQ(printable("\x1b]0;owned\x07title"), "\\x1b]0;owned\\x07title");
  EXPECT_EQ(printable("\x1b[2J\x1b[31mred"), "\\x1b[2J\\x1b[31mred");
  EXPECT_EQ(printable("fake\rline"), "fake\\rline");
  EXPECT_EQ(printable("two\nlines\tand tab"), "two\\nlines\\tand tab");
  EXPECT_EQ(printable(std::string("nul\0byte", 8)), "nul\\x00byte");
  EXPECT_EQ(printable("del\x7f"), "del\\x7f");
  EXPECT_EQ(printable("\x08\x0b\x0c\x1f"), "\\x08\\x0b\\x0c\\x1f");
}

TEST(Printable, EscapesC1ControlsAndInvisibleReordering) {
  EXPECT_EQ(printable("\xc2\x9b"
                      "31m"),
            "\\u009b31m");  // U+009B, CSI to a terminal that reads C1
  EXPECT_EQ(printable("\xc2\x80\xc2\x9f"), "\\u0080\\u009f");
  EXPECT_EQ(printable("a\xe2\x80\xa8"
                      "b"),
            "a\\u2028b");  // line separator
  EXPECT_EQ(printable("\xe2\x80\xae"
                      "evil"),
            "\\u202eevil");                                              // right-to-left override
  EXPECT_EQ(printable("\xe2\x81\xa6x\xe2\x81\xa9"), "\\u2066x\\u2069");  // isolates
}

TEST(Printable, EscapesEachByteOfInvalidUtf8) {
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(printable("a\x9b"
                      "b"),
            "a\\x9bb");                                     // a lone C1 byte is no UTF-8
  EXPECT_EQ(printable("\xc3"), "\\xc3");                    // truncated
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(printable("caf\xc3\xa9\xe9"), "caf\xc3\xa9\\xe9");
}

TEST(Printable, LinesKeepLineBreaksAndTabsOnly) {
  EXPECT_EQ(printable_lines("error: x\n  detail\tmore\n"), "error: x\n  detail\tmore\n");
  EXPECT_EQ(printable_lines("a\r\n\x1b[1Ab"), "a\\r\n\\x1b[1Ab");
  EXPECT_EQ(printable_lines("\xc2\x9b\xff"), "\\u009b\\xff");
}

TEST(Printable, EchoCutsLongValues) {
  const std::string digits(300, '7');
  EXPECT_EQ(echo(digits), std::string(kEchoChars, '7') + "…");
  EXPECT_EQ(echo("short"), "short");
  EXPECT_EQ(echo(std::string(kEchoChars, 'x')), std::string(kEchoChars, 'x'));
  EXPECT_EQ(echo("abcdef", 3), "abc…");
  // Characters, not bytes, and never half an escape or half a character.
  EXPECT_EQ(echo("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9…");
  EXPECT_EQ(echo("ab\x1b", 4), "ab…");
  EXPECT_EQ(echo("ab\x1b", 6), "ab\\x1b");
  EXPECT_EQ(echo("a\nb", 10), "a\\nb");
}

TEST(Printable, MessagesAreCutWithTheirLength) {
  EXPECT_EQ(printable_message("error: short\n  detail"), "error: short\n  detail");
  const std::string huge(119 * 1024, 'x');
  const std::string cut = printable_message(huge);
  EXPECT_EQ(cut, std::string(kMessageChars, 'x') + "… (cut: 121856 bytes in all)");
  EXPECT_EQ(printable_message("a\x1b[2Jb\n"), "a\\x1b[2Jb\n");
}

TEST(Printable, JsonKeepsItsMeaningAndLosesRawC1) {
  // What nlohmann's dump writes raw for "\u009b" and "\u2028": valid JSON, unsafe on a terminal.
  EXPECT_EQ(printable_json("{\"name\": \"a\xc2\x9b"
                           "b\xe2\x80\xa8\"}"),
            "{\"name\": \"a\\u009bb\\u2028\"}");
  EXPECT_EQ(printable_json("{\"name\": \"caf\xc3\xa9 \\u001b\"}"), "{\"name\": \"caf\xc3\xa9 \\u001b\"}");
}

}  // namespace
}  // namespace winml
