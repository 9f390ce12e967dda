#pragma once
// Reading a whole file in tests.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace winml::test {

/// Every byte of `path` ("" when it cannot be opened: the expectation on the content then fails).
inline std::string read_file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace winml::test
