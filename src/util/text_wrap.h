#pragma once
/// \file
/// Word wrapping for text shown in a terminal (--help), measured in columns rather than bytes so
/// that UTF-8 text (±) wraps where it is seen to end.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace winml {

/// Columns `text` takes in a terminal: its code points, each counted as one column (winml's help
/// and messages hold no wide or combining characters).
std::size_t display_columns(std::string_view text);

/// `text` broken into lines of at most `width` columns, at spaces; runs of spaces between words
/// collapse to one. A word longer than `width` (a long path) is cut at `width` columns, so no line
/// is ever wider. "\n" in `text` ends a line. Empty text gives no lines. `width` 0 is taken as 1.
std::vector<std::string> wrap_words(std::string_view text, std::size_t width);

}  // namespace winml
