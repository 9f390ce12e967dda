#pragma once
/// \file
/// Local wall-clock time with its offset from UTC, for report timestamps and file names. The C
/// library's thread-safe calls differ by system (localtime_r, localtime_s) and only some give the
/// offset (tm_gmtoff); the offset here is derived the same way everywhere.

#include <chrono>
#include <ctime>

namespace winml::platform {

struct LocalTime {
  std::tm fields{};           ///< the local date and time of day
  long utc_offset_minutes{};  ///< local minus UTC, e.g. +60 for CET, -300 for EST
};

/// `when` in this machine's time zone (daylight saving included).
LocalTime local_time(std::chrono::system_clock::time_point when);

/// Local minus UTC in minutes, from the same instant broken down both ways.
long utc_offset_minutes(const std::tm& local, const std::tm& utc);

/// The system's broken-down local and UTC time of `t` (thread-safe; one file per system).
std::tm local_fields(std::time_t t);
std::tm utc_fields(std::time_t t);

}  // namespace winml::platform
