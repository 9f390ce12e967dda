#pragma once
/// \file
/// Number formatting for the console report: every number carries its unit (internal to src/report).

#include <cstdint>
#include <string>

namespace winml::report::text {

/// Display unit of a duration.
enum class TimeUnit { us, ms, s };

/// The unit a duration reads best in: µs below 1 ms, ms below 1 s, else s.
TimeUnit pick_time_unit(double seconds);

/// "845.1 µs", "12.345 ms" or "1.234 s".
std::string duration(double seconds, TimeUnit unit);

/// duration() in the unit pick_time_unit chooses for the value itself.
std::string duration(double seconds);

/// "123.45 <unit>", e.g. rate(812.3, "tok/s").
std::string rate(double per_second, const char* unit);

/// Binary units with one decimal ("512.3 MiB"); "n/a" for 0 (not measured).
std::string bytes(std::uint64_t value);

/// Display width of UTF-8 text in terminal columns (one per code point; no wide characters are
/// used in reports).
std::size_t display_width(const std::string& utf8);

}  // namespace winml::report::text
