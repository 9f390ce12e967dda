#include "report/sparkline.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <numeric>
#include <string_view>

namespace winml::report::text {
namespace {

constexpr std::array<std::string_view, 8> kBlocks = {"\u2581", "\u2582", "\u2583", "\u2584",
                                                     "\u2585", "\u2586", "\u2587", "\u2588"};
constexpr std::string_view kAscii = ".:-=+*#@";
static_assert(kAscii.size() == kBlocks.size());

bool names_utf8(std::string_view locale) {
  std::string lower;
  for (char c : locale) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("utf-8") != std::string::npos || lower.find("utf8") != std::string::npos;
}

}  // namespace

Glyphs glyphs_for_locale(const char* lc_all, const char* lc_ctype, const char* lang) {
  for (const char* value : {lc_all, lc_ctype, lang}) {
    if (value != nullptr && *value != '\0') return names_utf8(value) ? Glyphs::unicode : Glyphs::ascii;
  }
  return Glyphs::ascii;
}

std::vector<double> bucket_means(std::span<const double> values, std::size_t width) {
  const std::size_t n = values.size();
  if (n <= width) return {values.begin(), values.end()};
  std::vector<double> means;
  means.reserve(width);
  for (std::size_t i = 0; i < width; ++i) {
    // n > width, so every bucket holds at least one value.
    const std::size_t begin = i * n / width;
    const std::size_t end = (i + 1) * n / width;
    means.push_back(std::accumulate(values.begin() + static_cast<std::ptrdiff_t>(begin),
                                    values.begin() + static_cast<std::ptrdiff_t>(end), 0.0) /
                    static_cast<double>(end - begin));
  }
  return means;
}

std::string sparkline(std::span<const double> values, Glyphs glyphs) {
  if (values.empty()) return {};
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double range = *hi - *lo;
  std::string out;
  for (double v : values) {
    // A flat series has no scale: every value sits on the lowest level instead of dividing by 0.
    const std::size_t level =
        range > 0 ? static_cast<std::size_t>(std::lround((v - *lo) / range * (kBlocks.size() - 1))) : 0;
    if (glyphs == Glyphs::unicode) {
      out += kBlocks[level];
    } else {
      out += kAscii[level];
    }
  }
  return out;
}

}  // namespace winml::report::text
