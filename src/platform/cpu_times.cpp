// Portable parsers of the /proc CPU texts (tested on every system).
#include "platform/cpu_times.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace winml::platform {
namespace {

// Splits off the next space-separated field of `rest`; empty at the end.
std::string_view next_field(std::string_view& rest) {
  const std::size_t start = rest.find_first_not_of(' ');
  if (start == std::string_view::npos) {
    rest = {};
    return {};
  }
  rest.remove_prefix(start);
  const std::size_t end = rest.find(' ');
  const std::string_view field = rest.substr(0, end);
  rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
  return field;
}

std::optional<std::uint64_t> to_count(std::string_view field) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc{} || end != field.data() + field.size() || field.empty()) return std::nullopt;
  return value;
}

// The times of one "cpu..." line's numbers: user nice system idle iowait irq softirq steal ...
std::optional<CoreTimes> parse_cpu_numbers(std::string_view rest, double ticks_per_s) {
  std::uint64_t value[8] = {};
  int read = 0;
  for (; read < 8; ++read) {
    const std::string_view field = next_field(rest);
    if (field.empty()) break;
    const std::optional<std::uint64_t> count = to_count(field);
    if (!count) return std::nullopt;
    value[read] = *count;
  }
  if (read < 4) return std::nullopt;
  CoreTimes times;
  times.busy_s = static_cast<double>(value[0] + value[1] + value[2] + value[5] + value[6] + value[7]) / ticks_per_s;
  times.idle_s = static_cast<double>(value[3] + value[4]) / ticks_per_s;
  return times;
}

}  // namespace

std::optional<MachineTimes> parse_proc_stat(std::string_view text, double ticks_per_s) {
  if (ticks_per_s <= 0) return std::nullopt;
  MachineTimes machine;
  bool have_total = false;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (line.substr(0, 3) != "cpu") continue;
    std::string_view rest = line;
    const std::string_view label = next_field(rest);
    const std::optional<CoreTimes> times = parse_cpu_numbers(rest, ticks_per_s);
    if (!times) continue;
    if (label == "cpu") {
      machine.total = *times;
      have_total = true;
    } else if (to_count(label.substr(3))) {
      machine.cores.push_back(*times);
    }
  }
  if (!have_total) return std::nullopt;
  return machine;
}

std::optional<double> parse_proc_pid_stat_cpu(std::string_view text, double ticks_per_s) {
  const std::size_t close = text.rfind(')');
  if (close == std::string_view::npos || ticks_per_s <= 0) return std::nullopt;
  std::string_view rest = text.substr(close + 1);
  // After the command name come fields 3 (state) ... 13; utime and stime are fields 14 and 15.
  for (int field = 3; field < 14; ++field) {
    if (next_field(rest).empty()) return std::nullopt;
  }
  const std::optional<std::uint64_t> utime = to_count(next_field(rest));
  const std::optional<std::uint64_t> stime = to_count(next_field(rest));
  if (!utime || !stime) return std::nullopt;
  return static_cast<double>(*utime + *stime) / ticks_per_s;
}

}  // namespace winml::platform
