#include "platform/local_time.h"

namespace winml::platform {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil), so the
// two broken-down times can be subtracted without mktime (which would read the time zone again).
long long days_from_civil(long long year, unsigned month, unsigned day) {
  year -= month <= 2 ? 1 : 0;
  const long long era = (year >= 0 ? year : year - 399) / 400;
  const unsigned year_of_era = static_cast<unsigned>(year - era * 400);
  const unsigned day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + static_cast<long long>(day_of_era) - 719468;
}

long long seconds_as_if_utc(const std::tm& fields) {
  const long long days = days_from_civil(fields.tm_year + 1900LL, static_cast<unsigned>(fields.tm_mon + 1),
                                         static_cast<unsigned>(fields.tm_mday));
  return days * 86400 + fields.tm_hour * 3600LL + fields.tm_min * 60LL + fields.tm_sec;
}

}  // namespace

long utc_offset_minutes(const std::tm& local, const std::tm& utc) {
  return static_cast<long>((seconds_as_if_utc(local) - seconds_as_if_utc(utc)) / 60);
}

LocalTime local_time(std::chrono::system_clock::time_point when) {
  const std::time_t t = std::chrono::system_clock::to_time_t(when);
  LocalTime result;
  result.fields = local_fields(t);
  result.utc_offset_minutes = utc_offset_minutes(result.fields, utc_fields(t));
  return result;
}

}  // namespace winml::platform
