#include "perf/throttle_check.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

platform::CpuClockReading at(double mean_mhz) { return {4, mean_mhz, mean_mhz - 100}; }

TEST(ThrottleCheck, ADropOfMoreThanATenthIsThrottling) {
  EXPECT_DOUBLE_EQ(*clock_drop_percent({1, at(3000), at(2670)}), 11.0);
  EXPECT_EQ(throttled({1, at(3000), at(2670)}), true);
  EXPECT_EQ(throttled({1, at(3000), at(2700)}), false);  // exactly 10 %: not beyond the threshold
  EXPECT_EQ(throttled({1, at(3000), at(3300)}), false);  // it rose
  EXPECT_DOUBLE_EQ(*clock_drop_percent({1, at(2000), at(2500)}), -25.0);
}

TEST(ThrottleCheck, AnUnknownReadingGivesNoVerdict) {
  EXPECT_EQ(clock_drop_percent({1, {}, at(2000)}), std::nullopt);
  EXPECT_EQ(throttled({1, at(3000), {}}), std::nullopt);
  EXPECT_EQ(throttled({}), std::nullopt);
}

TEST(ThrottleCheck, ACombinationThrottledWhenAnyOfItsRoundsDid) {
  EXPECT_EQ(any_throttled({}), std::nullopt);
  EXPECT_EQ(any_throttled({{1, {}, {}}, {2, {}, {}}}), std::nullopt);
  EXPECT_EQ(any_throttled({{1, at(3000), at(2990)}, {2, {}, {}}}), false);
  EXPECT_EQ(any_throttled({{1, at(3000), at(2990)}, {2, at(3000), at(2000)}}), true);
  EXPECT_EQ(any_throttled({{1, at(3000), at(2000)}, {2, at(3000), at(2990)}}), true);
}

TEST(ThrottleCheck, TheWarningSaysHowMuchAndWhatToDo) {
  const std::string plain = throttle_warning({1, at(3000), at(2400)}, "");
  EXPECT_NE(plain.find("fell 20 % during the run (mean 3000 MHz before, 2400 MHz after"), std::string::npos) << plain;
  EXPECT_NE(plain.find("--delay"), std::string::npos);
  EXPECT_NE(plain.find("--rounds"), std::string::npos);
  const std::string swept = throttle_warning({2, at(3000), at(2400)}, "threads=2 pp=64");
  EXPECT_NE(swept.find("during threads=2 pp=64 (round 2)"), std::string::npos) << swept;
}

}  // namespace
}  // namespace winml::perf
