#include "perf/sweep_values.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "util/ascii_case.h"
#include "util/text_trim.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// The comma-separated items of `text`; an empty one is refused (a stray comma is a typo).
std::vector<std::string_view> items_of(std::string_view flag, std::string_view text, std::string_view example) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = trim(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
    if (item.empty()) {
      throw UsageError(fmt::format("{} '{}' has an empty item; separate values with single commas, e.g. {} {}", flag,
                                   text, flag, example));
    }
    items.push_back(item);
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

// A plain decimal integer: digits only (no sign, hex or exponent); leading zeros are decimal
// ("010" is ten, as for every integer flag: docs/limits.md).
std::optional<long long> plain_integer(std::string_view s) {
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  while (s.size() > 1 && s.front() == '0') s.remove_prefix(1);
  if (s.size() > 18) return std::nullopt;
  long long v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

class CountParser {
 public:
  CountParser(std::string_view flag, long long min, long long max) : flag_(flag), min_(min), max_(max) {}

  void item(std::string_view item) {
    const std::size_t dash = item.find('-', 1);
    if (dash == std::string_view::npos) {
      add(number(item, item));
      return;
    }
    const long long first = number(item.substr(0, dash), item);
    std::string_view rest = item.substr(dash + 1);
    const std::size_t step_at = rest.find_first_of("+*");
    const long long last = number(rest.substr(0, step_at), item);
    if (step_at == std::string_view::npos) {
      for (long long v = first;; v += first <= last ? 1 : -1) {
        add(v);
        if (v == last) break;
      }
      return;
    }
    const char kind = rest[step_at];
    const long long step = number(rest.substr(step_at + 1), item, /*is_step=*/true);
    if (first > last) {
      throw UsageError(
          fmt::format("{}: the range '{}' goes down; a stepped range climbs from its first value to its "
                      "last, e.g. {}-{}{}{}",
                      flag_, item, last, first, kind, step));
    }
    if (kind == '+') {
      if (step < 1) throw UsageError(fmt::format("{}: '{}' has a step of 0; use +1 or more", flag_, item));
      for (long long v = first; v <= last; v += step) add(v);
    } else {
      if (step < 2 || first < 1) {
        throw UsageError(
            fmt::format("{}: '{}' cannot grow: a *N range needs N >= 2 and a first value >= 1, e.g. "
                        "{}-{}*2",
                        flag_, item, std::max(first, 1LL), last));
      }
      for (long long v = first; v <= last; v *= step) {
        add(v);
        if (v > last / step) break;  // the next value is past the end (and could overflow)
      }
    }
  }

  std::vector<int> values() && { return std::move(values_); }

 private:
  long long number(std::string_view text, std::string_view item, bool is_step = false) const {
    const auto v = plain_integer(trim(text));
    if (!v) {
      throw UsageError(
          fmt::format("{}: '{}' is not {}; write integers from {} to {} in plain decimal: a list 1,2,4, "
                      "a range 1-4, a stepped range 1-9+2 or 64-1024*2",
                      flag_, item, is_step ? "a number with a step" : "a number or a range", min_, max_));
    }
    if (!is_step && (*v < min_ || *v > max_)) {
      const std::string where = trim(text) == item ? std::string() : fmt::format(" in '{}'", item);
      throw UsageError(fmt::format("{}: {}{} is not an integer from {} to {}", flag_, *v, where, min_, max_));
    }
    return *v;
  }

  void add(long long v) {
    if (std::find(values_.begin(), values_.end(), v) != values_.end()) {
      throw UsageError(fmt::format("{} lists {} twice; each value is measured once, so list it once", flag_, v));
    }
    if (values_.size() == kMaxSweepCombinations) {
      throw UsageError(
          fmt::format("{} lists more than {} values, the most one sweep measures; use a coarser step "
                      "(e.g. 64-4096*2) or split the sweep into several runs",
                      flag_, kMaxSweepCombinations));
    }
    values_.push_back(static_cast<int>(v));
  }

  std::string_view flag_;
  long long min_, max_;
  std::vector<int> values_;
};

}  // namespace

std::vector<int> parse_count_list(std::string_view flag, std::string_view text, long long min, long long max) {
  CountParser parser(flag, min, max);
  for (std::string_view item : items_of(flag, text, "1,2,4")) parser.item(item);
  return std::move(parser).values();
}

std::vector<double> parse_rate_list(std::string_view flag, std::string_view text, double max) {
  std::vector<double> rates;
  for (std::string_view item : items_of(flag, text, "1,2,4")) {
    double v = 0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (error != std::errc() || end != item.data() + item.size() || !(v > 0) || v > max) {
      throw UsageError(fmt::format("{}: '{}' is not a rate above 0 and at most {}; write requests per second as "
                                   "decimal numbers, a list such as 0.5,1,2,4",
                                   flag, item, max));
    }
    if (std::find(rates.begin(), rates.end(), v) != rates.end()) {
      throw UsageError(fmt::format("{} lists {} twice; each value is measured once, so list it once", flag, v));
    }
    if (rates.size() == kMaxSweepCombinations) {
      throw UsageError(
          fmt::format("{} lists more than {} values, the most one sweep measures", flag, kMaxSweepCombinations));
    }
    rates.push_back(v);
  }
  return rates;
}

std::vector<std::string> parse_name_list(std::string_view flag, std::string_view text, const NameKey& key) {
  std::vector<std::string> names;
  std::vector<std::string> keys;
  for (std::string_view item : items_of(flag, text, "cpu,gpu")) {
    std::string name(item);
    std::string name_key = key ? key(name) : to_lower(name);
    if (const auto same = std::find(keys.begin(), keys.end(), name_key); same != keys.end()) {
      const std::string& first = names[static_cast<std::size_t>(same - keys.begin())];
      if (first == name) {
        throw UsageError(fmt::format("{} lists '{}' twice; each value is measured once, so list it once", flag, name));
      }
      throw UsageError(
          fmt::format("{} lists '{}' and '{}', two names of {}; each value is measured once, so list it once", flag,
                      first, name, name_key));
    }
    keys.push_back(std::move(name_key));
    if (names.size() == kMaxSweepCombinations) {
      throw UsageError(
          fmt::format("{} lists more than {} values, the most one sweep measures", flag, kMaxSweepCombinations));
    }
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace winml::perf
