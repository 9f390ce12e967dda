#include "number_flags.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

namespace winml::cli {
namespace {

// True when `text` is entirely the number from_chars read.
template <class T>
bool parse_all(std::string_view text, T& value) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

CLI::Validator integer_in(std::int64_t min, std::uint64_t max) {
  std::string range = fmt::format("an integer from {} to {}", min, max);
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        // CLI11 reads "010" as octal and "0x10" as hex. Leading zeros are dropped here (010 is
        // ten, as docs/limits.md says) and from_chars stops at the "x", so what CLI11 converts is
        // always the decimal checked below.
        const std::size_t sign = !text.empty() && (text.front() == '+' || text.front() == '-') ? 1 : 0;
        const std::size_t first = text.find_first_not_of('0', sign);
        if (first != sign && first != std::string::npos && text[first] >= '1' && text[first] <= '9') {
          text.erase(sign, first - sign);
        } else if (first == std::string::npos && text.size() > sign + 1) {
          text.erase(sign, text.size() - sign - 1);  // "000" is 0
        }
        std::string_view digits = text;
        if (sign == 1) digits.remove_prefix(1);
        bool in_range = false;
        if (!text.empty() && text.front() == '-') {
          std::int64_t value = 0;
          if (!parse_all(text, value)) return "must be " + range + ", got '" + text + "'";
          in_range = value >= min;
        } else {
          std::uint64_t value = 0;
          if (!parse_all(digits, value)) return "must be " + range + ", got '" + text + "'";
          in_range = value <= max && (min <= 0 || value >= static_cast<std::uint64_t>(min));
        }
        return in_range ? std::string() : "must be " + range + ", got " + text;
      },
      fmt::format("{}..{}", min, max));
}

CLI::Validator number_in(double min, double max, bool min_exclusive) {
  std::string range = min_exclusive ? fmt::format("a number above {} and at most {}", min, max)
                                    : fmt::format("a number from {} to {}", min, max);
  return CLI::Validator(
      [min, max, min_exclusive, range](std::string& text) -> std::string {
        double value = 0;
        if (!parse_all(std::string_view(text), value) || !std::isfinite(value)) {
          return "must be " + range + ", got '" + text + "'";
        }
        bool above_min = min_exclusive ? value > min : value >= min;
        if (!above_min || value > max) return "must be " + range + ", got " + text;
        return {};
      },
      min_exclusive ? fmt::format(">{}..{}", min, max) : fmt::format("{}..{}", min, max));
}

}  // namespace winml::cli
