#pragma once
/// \file
/// Paths as UTF-8 text, the same on every system. std::filesystem::path::string() uses the
/// process's ANSI code page on Windows, which cannot hold every file name; these go through the
/// path's native form (UTF-16 there) so a non-ASCII name survives.

#include <filesystem>
#include <string>
#include <string_view>

namespace winml::platform {

/// `path` as UTF-8 text.
inline std::string utf8_string(const std::filesystem::path& path) {
  const std::u8string text = path.u8string();
  return {text.begin(), text.end()};
}

/// The path named by UTF-8 `text`.
inline std::filesystem::path utf8_path(std::string_view text) {
  return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

}  // namespace winml::platform
