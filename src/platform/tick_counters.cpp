#include "platform/tick_counters.h"

#include <charconv>

namespace winml::platform {
namespace {

// The next unsigned decimal of `text` from `at` (spaces skipped); nullopt at the end or on junk.
std::optional<std::uint64_t> next_number(std::string_view text, std::size_t& at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), value);
  if (ec != std::errc{}) return std::nullopt;
  at = static_cast<std::size_t>(end - text.data());
  return value;
}

}  // namespace

std::optional<CoreTimes> parse_proc_stat_total(std::string_view text, double ticks_per_s) {
  if (!text.starts_with("cpu ") || ticks_per_s <= 0) return std::nullopt;
  // user nice system idle iowait irq softirq steal (guest, guest_nice are inside user and nice).
  std::array<std::uint64_t, 8> fields{};
  std::size_t at = 4;
  std::size_t read = 0;
  for (; read < fields.size(); ++read) {
    const auto value = next_number(text, at);
    if (!value) break;
    fields[read] = *value;
  }
  if (read < 4) return std::nullopt;  // the oldest kernels have user nice system idle
  const std::uint64_t busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
  const std::uint64_t idle = fields[3] + fields[4];
  return CoreTimes{static_cast<double>(busy) / ticks_per_s, static_cast<double>(idle) / ticks_per_s};
}

std::uint64_t parse_statm_resident_bytes(std::string_view text, std::uint64_t page_bytes) {
  std::size_t at = 0;
  if (!next_number(text, at)) return 0;  // size
  const auto resident = next_number(text, at);
  return resident ? *resident * page_bytes : 0;
}

}  // namespace winml::platform
