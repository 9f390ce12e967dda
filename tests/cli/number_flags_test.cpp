#include "number_flags.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace winml::cli {
namespace {

// Parses `--n TEXT` into an option of type T checked by `check`; nullopt when CLI11 refuses it.
template <class T>
std::optional<T> parse(const CLI::Validator& check, const std::string& text) {
  CLI::App app;
  T value{};
  app.add_option("--n", value)->transform(check);  // as the flags bind it: a transform may rewrite "010"
  std::vector<std::string> args = {text, "--n"};   // CLI11 takes them in reverse
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return std::nullopt;
  }
  return value;
}

TEST(NumberFlags, IntegersInRangeAreTakenAsDecimal) {
  auto check = integer_in(1, 1000);
  EXPECT_EQ(parse<int>(check, "1"), 1);
  EXPECT_EQ(parse<int>(check, "1000"), 1000);
  EXPECT_EQ(parse<int>(check, "+7"), 7);
  // Leading zeros are decimal: CLI11 alone reads "010" as octal 8.
  EXPECT_EQ(parse<int>(check, "010"), 10);
  EXPECT_EQ(parse<int>(check, "0001000"), 1000);
  EXPECT_EQ(parse<int>(check, "+010"), 10);
  EXPECT_EQ(parse<int>(integer_in(0, 10), "000"), 0);
  EXPECT_EQ(parse<int>(integer_in(-20, 10), "-010"), -10);
}

TEST(NumberFlags, IntegersOutOfRangeOrMalformedAreRefused) {
  auto check = integer_in(1, 1000);
  // "0x10" would be hex 16 to CLI11 alone; "0010" is 10 but "01001" is 1001.
  for (const char* text : {"0", "1001", "01001", "-1", "0x10", "00x10", "1e3", "1.5", "", "abc", "5 ", "+", "-",
                           "99999999999999999999999"}) {
    EXPECT_FALSE(parse<int>(check, text)) << "'" << text << "'";
  }
}

TEST(NumberFlags, UnsignedNeverWraps) {
  auto check = integer_in(0, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(parse<std::uint64_t>(check, "18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_FALSE(parse<std::uint64_t>(check, "-1"));                    // CLI11 alone wraps it to 2^64-1
  EXPECT_FALSE(parse<std::uint64_t>(check, "18446744073709551616"));  // CLI11 alone clamps it
}

TEST(NumberFlags, SignedExtremes) {
  auto check = integer_in(std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(parse<std::int64_t>(check, "-9223372036854775808"), std::numeric_limits<std::int64_t>::min());
  EXPECT_FALSE(parse<std::int64_t>(check, "9223372036854775808"));
}

TEST(NumberFlags, SeedRangeIsWhatGenaiAccepts) {
  auto check = integer_in(0, kMaxGenaiSeed);
  EXPECT_EQ(parse<std::int64_t>(check, "2147483647"), 2147483647);
  EXPECT_FALSE(parse<std::int64_t>(check, "2147483648"));
}

TEST(NumberFlags, FiniteNumbersInRange) {
  auto check = number_in(0, 100, /*min_exclusive=*/true);
  EXPECT_EQ(parse<double>(check, "0.5"), 0.5);
  EXPECT_EQ(parse<double>(check, "100"), 100.0);
  EXPECT_EQ(parse<double>(check, "1e1"), 10.0);
  for (const char* text : {"0", "-1", "100.5", "nan", "inf", "-inf", "1e400", "x", ""}) {
    EXPECT_FALSE(parse<double>(check, text)) << "'" << text << "'";
  }
  auto inclusive = number_in(0, 1);
  EXPECT_EQ(parse<double>(inclusive, "0"), 0.0);
  EXPECT_FALSE(parse<double>(inclusive, "nan"));  // CLI::Range lets nan through
}

TEST(NumberFlags, AtLeastRefusesNanInfAndNegatives) {
  auto check = number_at_least(0);
  EXPECT_EQ(parse<double>(check, "0"), 0.0);
  EXPECT_EQ(parse<double>(check, "-0"), 0.0);  // -0 == 0: a zero tolerance
  EXPECT_EQ(parse<double>(check, "1e-5"), 1e-5);
  EXPECT_EQ(parse<double>(check, "1e300"), 1e300);
  // CLI::NonNegativeNumber lets nan and inf through: a nan tolerance makes every output "match".
  for (const char* text : {"nan", "NaN", "-nan", "inf", "infinity", "-inf", "-1", "-1e-9", "1e400", "x", ""}) {
    EXPECT_FALSE(parse<double>(check, text)) << "'" << text << "'";
  }
}

TEST(NumberFlags, AtLeastMessageNamesTheFlagAndTheRange) {
  CLI::App app;
  double value = 0;
  app.add_option("--rtol", value)->check(number_at_least(0));
  std::vector<std::string> args = {"nan", "--rtol"};
  try {
    app.parse(args);
    FAIL();
  } catch (const CLI::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("--rtol"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("a finite number of at least 0, got 'nan'"), std::string::npos) << e.what();
  }
}

TEST(NumberFlags, MessageNamesTheRange) {
  CLI::App app;
  int value = 0;
  app.add_option("--iterations", value)->transform(integer_in(1, 1000000));
  std::vector<std::string> args = {"5000000", "--iterations"};
  try {
    app.parse(args);
    FAIL();
  } catch (const CLI::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("from 1 to 1000000"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--iterations"), std::string::npos) << e.what();
  }
}

// The message a flag's refusal gives, "" when it is taken.
template <class T>
std::string message(const CLI::Validator& check, const std::string& text) {
  CLI::App app;
  T value{};
  app.add_option("--n", value)->check(check);
  std::vector<std::string> args = {text, "--n"};
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

// A 300-digit number is shown by its first 40 digits, a value that is no UTF-8 escaped.
TEST(NumberFlags, MessagesRepeatTheValueShortAndPrintable) {
  const std::string digits(300, '9');
  const std::string huge = message<int>(integer_in(1, 1000), digits);
  EXPECT_NE(huge.find("got '" + std::string(40, '9') + "…'"), std::string::npos) << huge;
  EXPECT_EQ(huge.find(std::string(41, '9')), std::string::npos) << huge;
  EXPECT_NE(message<double>(number_in(0, 1), digits + ".5").find(std::string(40, '9') + "…"), std::string::npos);
  const std::string raw = message<int>(integer_in(1, 1000), "1\xff\x1b[2J");
  EXPECT_NE(raw.find("got '1\\xff\\x1b[2J'"), std::string::npos) << raw;
  EXPECT_EQ(raw.find('\x1b'), std::string::npos) << raw;
}

TEST(NumberFlags, APercentSignIsExplained) {
  EXPECT_NE(message<double>(number_in(0, 1000), "5%").find("a percentage is a plain number here, without the %"),
            std::string::npos);
  EXPECT_EQ(message<double>(number_in(0, 1000), "x%").find("percentage"), std::string::npos);
  EXPECT_EQ(parse<double>(plain_percentage(), "2.5"), 2.5);
  EXPECT_EQ(parse<double>(plain_percentage(), "150"), 150.0);  // the range is the flag's own check
  for (const char* text : {"5%", "nan", "inf", "", "five"}) EXPECT_FALSE(parse<double>(plain_percentage(), text));
  const std::string refused = message<double>(plain_percentage(), "5%");
  EXPECT_NE(refused.find("--n: takes a percentage as a plain number, e.g. 5, got '5%'"), std::string::npos) << refused;
}

}  // namespace
}  // namespace winml::cli
