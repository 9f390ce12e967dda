#include "stats/percentile_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "util/text_trim.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// Digits, then optionally a point and 1..kMaxPercentileDecimals digits: no sign, exponent, hex,
// inf or nan, which from_chars alone would accept.
bool plain_decimal(std::string_view text) {
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  auto digits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(whole) || whole.size() > 3) return false;
  if (point == std::string_view::npos) return true;
  return digits(fraction) && fraction.size() <= static_cast<std::size_t>(kMaxPercentileDecimals);
}

}  // namespace

std::vector<double> default_percentiles() { return {50, 90, 95, 99}; }

std::vector<double> parse_percentile_list(std::string_view list) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string_view entry =
        trim(list.substr(start, comma == std::string_view::npos ? list.npos : comma - start));
    const std::string shown(entry);
    if (entry.empty()) {
      throw UsageError("--percentiles: an empty entry in '" + std::string(list) +
                       "'; give numbers separated by commas, e.g. --percentiles 50,90,99,99.9");
    }
    double p = 0;
    if (!plain_decimal(entry) || std::from_chars(entry.data(), entry.data() + entry.size(), p).ec != std::errc()) {
      throw UsageError(
          fmt::format("--percentiles: '{}' is not a plain decimal number with at most {} decimals (e.g. 50, 99.9)",
                      shown, kMaxPercentileDecimals));
    }
    if (!(p > 0 && p <= 100)) {
      throw UsageError("--percentiles: " + shown + " is outside (0, 100]; the minimum is reported as min");
    }
    out.push_back(p);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > kMaxPercentiles) {
    throw UsageError(
        fmt::format("--percentiles: {} distinct values given; at most {} are reported", out.size(), kMaxPercentiles));
  }
  return out;
}

std::string percentile_label(double p) {
  // fmt's shortest round-trip form: 50 -> "50", 99.9 -> "99.9" (no trailing zeros, no exponent
  // for values with at most 3 decimals in (0, 100]).
  return fmt::format("p{}", p);
}

std::string percentile_key(double p) {
  std::string key = percentile_label(p);
  std::replace(key.begin(), key.end(), '.', '_');
  return key;
}

}  // namespace winml::perf
