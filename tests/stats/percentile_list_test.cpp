#include "stats/percentile_list.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "winml/errors.h"

namespace winml::perf {
namespace {

using List = std::vector<double>;

// The message of the UsageError that parsing `list` throws ("" when it parses).
std::string refusal(const std::string& list) {
  try {
    parse_percentile_list(list);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(PercentileList, DefaultIsTheFourHistoricPercentiles) { EXPECT_EQ(default_percentiles(), (List{50, 90, 95, 99})); }

TEST(PercentileList, SortedAndDeduplicated) {
  EXPECT_EQ(parse_percentile_list("50,90,99,99.9"), (List{50, 90, 99, 99.9}));
  EXPECT_EQ(parse_percentile_list("99.9,50,99.90,50, 90"), (List{50, 90, 99.9}));
  EXPECT_EQ(parse_percentile_list("100"), (List{100}));
  EXPECT_EQ(parse_percentile_list("0.001,99.999"), (List{0.001, 99.999}));
}

TEST(PercentileList, BadEntriesAreUsageErrorsNamingThem) {
  EXPECT_NE(refusal("0").find("0 is outside (0, 100]"), std::string::npos);
  EXPECT_NE(refusal("100.5").find("100.5 is outside (0, 100]"), std::string::npos);
  EXPECT_NE(refusal("50,abc").find("'abc' is not a plain decimal number"), std::string::npos);
  for (const char* bad : {"-5", "+5", "1e2", "nan", "inf", "0x10", "99.9999", "50.", ".5", "1000"}) {
    EXPECT_NE(refusal(bad).find("--percentiles"), std::string::npos) << bad;
  }
  EXPECT_NE(refusal("").find("empty entry"), std::string::npos);
  EXPECT_NE(refusal("50,,90").find("empty entry"), std::string::npos);
  EXPECT_NE(refusal("50,").find("empty entry"), std::string::npos);
  EXPECT_NE(refusal("1,2,3,4,5,6,7,8,9,10,11").find("11 distinct values given; at most 10"), std::string::npos);
  EXPECT_EQ(refusal("1,2,3,4,5,6,7,8,9,10,10"), "");  // duplicates do not count
}

TEST(PercentileList, KeysAndLabels) {
  EXPECT_EQ(percentile_key(50), "p50");
  EXPECT_EQ(percentile_key(99.9), "p99_9");
  EXPECT_EQ(percentile_key(99.999), "p99_999");
  EXPECT_EQ(percentile_key(0.5), "p0_5");
  EXPECT_EQ(percentile_key(100), "p100");
  EXPECT_EQ(percentile_label(99.9), "p99.9");
  EXPECT_EQ(percentile_label(90), "p90");
}

}  // namespace
}  // namespace winml::perf
