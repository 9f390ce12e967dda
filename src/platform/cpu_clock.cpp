// The pure parts of cpu_clock.h; reading the clocks is in cpu_clock_linux.cpp / cpu_clock_win32.cpp.
#include "platform/cpu_clock.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <numeric>

#include "util/text_trim.h"

namespace winml::platform {

CpuClockReading summarize_core_clocks(const std::vector<double>& core_mhz) {
  CpuClockReading reading;
  if (core_mhz.empty()) return reading;
  reading.cores = static_cast<unsigned>(core_mhz.size());
  reading.mean_mhz = std::accumulate(core_mhz.begin(), core_mhz.end(), 0.0) / static_cast<double>(core_mhz.size());
  reading.min_mhz = *std::min_element(core_mhz.begin(), core_mhz.end());
  return reading;
}

std::optional<double> parse_scaling_cur_freq(std::string_view text) {
  text = trim(text);
  std::uint64_t khz = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), khz);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || khz == 0) return std::nullopt;
  return static_cast<double>(khz) / 1000.0;
}

}  // namespace winml::platform
