#pragma once
/// \file
/// A one-line chart of a series for the console report (internal to src/report): each character
/// is one of 8 levels, so a step or a cliff in the series is visible at a glance.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace winml::report::text {

/// The characters a sparkline is drawn with.
enum class Glyphs {
  unicode,  ///< the 8 block elements U+2581..U+2588 (the default: a UTF-8 terminal)
  ascii,    ///< ".:-=+*#@", for a terminal or locale that is not UTF-8
};

/// Glyphs for the locale the environment names: the first of LC_ALL, LC_CTYPE and LANG that is set
/// and not empty decides, as in POSIX; UTF-8 when it names "UTF-8" or "utf8" (any case), ASCII
/// otherwise, and ASCII when none is set (the "C" locale). Pass nullptr for an unset variable.
Glyphs glyphs_for_locale(const char* lc_all, const char* lc_ctype, const char* lang);

/// Longest sparkline the console report draws, in characters.
inline constexpr std::size_t kSparklineWidth = 48;

/// `values` shortened to at most `width` (>= 1) values: consecutive runs of nearly equal length
/// (bucket i covers [i*n/width, (i+1)*n/width)) replaced by their mean. Returned as is when it is
/// not longer than `width`.
std::vector<double> bucket_means(std::span<const double> values, std::size_t width);

/// One character per value, scaled from the smallest value (lowest level) to the largest (highest
/// level), rounded to the nearest level. A flat series (all values equal, or one value) is drawn at
/// the lowest level. Empty for no values.
std::string sparkline(std::span<const double> values, Glyphs glyphs);

}  // namespace winml::report::text
