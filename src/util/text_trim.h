#pragma once
/// \file
/// Text without surrounding blanks: values read from the kernel's files and the items of
/// comma-separated flag values.

#include <string_view>

namespace winml {

/// `s` without leading and trailing spaces, tabs and line ends.
inline std::string_view trim(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace winml
