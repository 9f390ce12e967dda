#pragma once
// Counting what a command printed, for tests that check how often something happened ("loading").

#include <cstddef>
#include <string>

namespace winml::test {

/// How many times `what` occurs in `text` (overlapping occurrences count).
inline std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace winml::test
