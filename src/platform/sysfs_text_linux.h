#pragma once
// For the *_linux.cpp files only: the text of a small file the kernel provides (/proc, /sys).

#include <fstream>
#include <sstream>
#include <string>

namespace winml::platform::linux_files {

/// The whole text of `path`; empty when it cannot be read.
inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The first line of `path`, without its line end; empty when it cannot be read.
inline std::string read_first_line(const std::string& path) {
  std::string text = read_text(path);
  return text.substr(0, text.find('\n'));
}

}  // namespace winml::platform::linux_files
