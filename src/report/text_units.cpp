#include "report/text_units.h"

#include <fmt/format.h>

namespace winml::report::text {

TimeUnit pick_time_unit(double seconds) {
  if (seconds < 1e-3) return TimeUnit::us;
  if (seconds < 1.0) return TimeUnit::ms;
  return TimeUnit::s;
}

std::string duration(double seconds, TimeUnit unit) {
  switch (unit) {
    case TimeUnit::us:
      return fmt::format("{:.1f} µs", seconds * 1e6);
    case TimeUnit::ms:
      return fmt::format("{:.3f} ms", seconds * 1e3);
    case TimeUnit::s:
      break;
  }
  return fmt::format("{:.3f} s", seconds);
}

std::string duration(double seconds) { return duration(seconds, pick_time_unit(seconds)); }

std::string rate(double per_second, const char* unit) { return fmt::format("{:.2f} {}", per_second, unit); }

std::string bytes(std::uint64_t value) {
  if (value == 0) return "n/a";
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(value);
  std::size_t u = 0;
  while (v >= 1024 && u + 1 < std::size(kUnits)) {
    v /= 1024;
    ++u;
  }
  return u == 0 ? fmt::format("{} B", value) : fmt::format("{:.1f} {}", v, kUnits[u]);
}

std::size_t display_width(const std::string& utf8) {
  std::size_t width = 0;
  // Count every byte that does not continue a multi-byte sequence (10xxxxxx).
  for (unsigned char c : utf8) width += (c & 0xC0) != 0x80 ? 1 : 0;
  return width;
}

}  // namespace winml::report::text
