#include "number_flags.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "util/printable.h"

namespace winml::cli {
namespace {

// True when `text` is entirely the number from_chars read.
template <class T>
bool parse_all(std::string_view text, T& value) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

// The argument as a message repeats it: printable, and cut short (a 300-digit number needs 40),
// in quotes when it is no number. A trailing '%' gets a word: percentages are plain numbers here.
std::string got(const std::string& text, bool quoted = true) {
  std::string out = quoted ? "got '" + echo(text) + "'" : "got " + echo(text);
  double value = 0;
  if (text.size() > 1 && text.back() == '%' && parse_all(std::string_view(text).substr(0, text.size() - 1), value)) {
    out += " (a percentage is a plain number here, without the %)";
  }
  return out;
}

// Which ends of a number flag's range are allowed.
enum class Ends { closed, above_min, no_max };

CLI::Validator finite_number(double min, double max, Ends ends) {
  std::string range;
  std::string shown;
  switch (ends) {
    case Ends::closed:
      range = fmt::format("a number from {} to {}", min, max);
      shown = fmt::format("{}..{}", min, max);
      break;
    case Ends::above_min:
      range = fmt::format("a number above {} and at most {}", min, max);
      shown = fmt::format(">{}..{}", min, max);
      break;
    case Ends::no_max:
      range = fmt::format("a finite number of at least {}", min);
      shown = fmt::format(">={}", min);
      break;
  }
  return CLI::Validator(
      [min, max, ends, range](std::string& text) -> std::string {
        double value = 0;
        if (!parse_all(std::string_view(text), value) || !std::isfinite(value)) {
          return "must be " + range + ", " + got(text);
        }
        const bool above_min = ends == Ends::above_min ? value > min : value >= min;
        const bool below_max = ends == Ends::no_max || value <= max;
        if (!above_min || !below_max) return "must be " + range + ", " + got(text, false);
        return {};
      },
      shown);
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
          if (!parse_all(text, value)) return "must be " + range + ", " + got(text);
          in_range = value >= min;
        } else {
          std::uint64_t value = 0;
          if (!parse_all(digits, value)) return "must be " + range + ", " + got(text);
          in_range = value <= max && (min <= 0 || value >= static_cast<std::uint64_t>(min));
        }
        return in_range ? std::string() : "must be " + range + ", " + got(text, false);
      },
      fmt::format("{}..{}", min, max));
}

CLI::Validator number_in(double min, double max, bool min_exclusive) {
  return finite_number(min, max, min_exclusive ? Ends::above_min : Ends::closed);
}

CLI::Validator number_at_least(double min) { return finite_number(min, 0, Ends::no_max); }

CLI::Validator plain_percentage() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (parse_all(std::string_view(text), value) && std::isfinite(value)) return {};
        return "takes a percentage as a plain number, e.g. 5, got '" + echo(text) + "'";
      },
      "");
}

}  // namespace winml::cli
