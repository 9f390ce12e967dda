#include "platform/local_time.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

namespace winml::platform {
namespace {

std::tm fields(int year, int month, int day, int hour, int minute) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  return tm;
}

TEST(LocalTime, OffsetIsLocalMinusUtcAcrossDayMonthAndYearEnds) {
  EXPECT_EQ(utc_offset_minutes(fields(2026, 12, 1, 10, 0), fields(2026, 12, 1, 9, 0)), 60);    // CET
  EXPECT_EQ(utc_offset_minutes(fields(2026, 6, 30, 20, 0), fields(2026, 7, 1, 1, 0)), -300);   // EST, a month back
  EXPECT_EQ(utc_offset_minutes(fields(2027, 1, 1, 5, 45), fields(2026, 12, 31, 23, 0)), 405);  // a year ahead
  EXPECT_EQ(utc_offset_minutes(fields(2024, 3, 1, 0, 30), fields(2024, 2, 29, 19, 0)), 330);   // leap day: India
  EXPECT_EQ(utc_offset_minutes(fields(2026, 1, 1, 0, 0), fields(2026, 1, 1, 0, 0)), 0);
}

TEST(LocalTime, FieldsAndOffsetDescribeTheSameInstant) {
  const auto now = std::chrono::system_clock::now();
  const LocalTime local = local_time(now);
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const std::tm utc = utc_fields(t);
  EXPECT_EQ(local.utc_offset_minutes, utc_offset_minutes(local.fields, utc));
  // Every time zone in use is within 14 hours of UTC, in whole quarter hours.
  EXPECT_LE(std::abs(local.utc_offset_minutes), 14 * 60);
  EXPECT_EQ(local.utc_offset_minutes % 15, 0);
  EXPECT_GE(local.fields.tm_year + 1900, 2024);
}

}  // namespace
}  // namespace winml::platform
