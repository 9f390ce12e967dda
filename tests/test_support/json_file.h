#pragma once
// Reading JSON files in tests.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace winml::test {

/// Parses a JSON file (throws nlohmann::json::exception when it is not JSON).
inline nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

}  // namespace winml::test
