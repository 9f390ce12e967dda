#include "perf/sweep_values.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::perf {
namespace {

std::vector<int> counts(const std::string& text, long long min = 0, long long max = 1'000'000) {
  return parse_count_list("--threads", text, min, max);
}

// The UsageError message `text` raises.
std::string error_of(const std::string& text, long long min = 0, long long max = 1'000'000) {
  try {
    counts(text, min, max);
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "'" << text << "' was accepted";
  return {};
}

TEST(SweepValues, ListsAndRanges) {
  EXPECT_EQ(counts("4"), (std::vector<int>{4}));
  EXPECT_EQ(counts("64,256,1024"), (std::vector<int>{64, 256, 1024}));
  EXPECT_EQ(counts("1-4"), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(counts("3-1"), (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(counts("5-5"), (std::vector<int>{5}));
  EXPECT_EQ(counts("1-9+2"), (std::vector<int>{1, 3, 5, 7, 9}));
  EXPECT_EQ(counts("1-8+3"), (std::vector<int>{1, 4, 7}));  // the end is kept only if reached
  EXPECT_EQ(counts("64-1024*2"), (std::vector<int>{64, 128, 256, 512, 1024}));
  EXPECT_EQ(counts("1, 2, 4-8+4"), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_EQ(counts("0"), (std::vector<int>{0}));
  // Leading zeros are decimal, as for every integer flag (docs/limits.md).
  EXPECT_EQ(counts("010"), (std::vector<int>{10}));
  EXPECT_EQ(counts("08-010"), (std::vector<int>{8, 9, 10}));
  EXPECT_EQ(counts("00"), (std::vector<int>{0}));
}

TEST(SweepValues, LargeMultiplicativeStepsDoNotOverflow) {
  EXPECT_EQ(counts("1000-2000000000*999999999999", 0, 2'147'483'647), (std::vector<int>{1000}));
}

TEST(SweepValues, BadItemsNameTheFlagAndTheItem) {
  EXPECT_NE(error_of("1,,2").find("--threads '1,,2' has an empty item"), std::string::npos);
  EXPECT_NE(error_of("").find("empty item"), std::string::npos);
  EXPECT_NE(error_of("two").find("'two' is not a number or a range"), std::string::npos);
  EXPECT_NE(error_of("-1").find("'-1' is not a number"), std::string::npos);
  EXPECT_NE(error_of("1-").find("'1-'"), std::string::npos);
  EXPECT_NE(error_of("5", 1, 4).find("--threads: 5 is not an integer from 1 to 4"), std::string::npos);
  EXPECT_NE(error_of("1-9", 1, 4).find("9 in '1-9' is not an integer from 1 to 4"), std::string::npos);
  EXPECT_NE(error_of("-2", 1, 4).find("write integers from 1 to 4"), std::string::npos);
  EXPECT_NE(error_of("8-1+2").find("the range '8-1+2' goes down"), std::string::npos);
  EXPECT_NE(error_of("1-8+0").find("step of 0"), std::string::npos);
  EXPECT_NE(error_of("1-8*1").find("cannot grow"), std::string::npos);
  EXPECT_NE(error_of("0-8*2").find("cannot grow"), std::string::npos);
  EXPECT_NE(error_of("1-8*x").find("not a number with a step"), std::string::npos);
}

TEST(SweepValues, DuplicatesAreRefused) {
  EXPECT_NE(error_of("1,2,1").find("--threads lists 1 twice"), std::string::npos);
  EXPECT_NE(error_of("1-4,3").find("lists 3 twice"), std::string::npos);
}

TEST(SweepValues, TooManyValuesAreRefusedBeforeExpanding) {
  EXPECT_EQ(counts("1-1024").size(), kMaxSweepCombinations);
  EXPECT_NE(error_of("1-1000000").find("more than 1024 values"), std::string::npos);
}

TEST(SweepValues, NameLists) {
  EXPECT_EQ(parse_name_list("--ep", "cpu"), (std::vector<std::string>{"cpu"}));
  EXPECT_EQ(parse_name_list("--ep", "cpu, openvino"), (std::vector<std::string>{"cpu", "openvino"}));
  EXPECT_THROW(parse_name_list("--ep", "cpu,"), UsageError);
  EXPECT_THROW(parse_name_list("--device", "cpu,cpu"), UsageError);
}

// Name error text, or "" when the list is accepted.
std::string name_error(std::string_view text, const NameKey& key = {}) {
  try {
    parse_name_list("--ep", text, key);
    return "";
  } catch (const UsageError& e) {
    return e.what();
  }
}

TEST(SweepValues, NamesDifferingInCaseAreOneValue) {
  // cpu,cpu was refused while cpu,CPU ran the same EP twice.
  EXPECT_NE(name_error("cpu,CPU").find("--ep lists 'cpu' and 'CPU', two names of cpu"), std::string::npos);
  EXPECT_NE(name_error("cpu,cpu").find("--ep lists 'cpu' twice"), std::string::npos);
  EXPECT_EQ(name_error("cpu,gpu"), "");
}

TEST(SweepValues, ANameKeyMakesAliasesOneValue) {
  const NameKey key = [](std::string_view name) {
    return name == "cpu" || name == "CPUExecutionProvider" ? std::string("CPUExecutionProvider") : std::string(name);
  };
  EXPECT_NE(name_error("cpu,CPUExecutionProvider", key).find("two names of CPUExecutionProvider"), std::string::npos);
  EXPECT_EQ(name_error("cpu,openvino", key), "");
}

}  // namespace
}  // namespace winml::perf
