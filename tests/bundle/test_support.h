#pragma once
/// \file
/// Fixtures for the bundle tests: real-shaped genai_config.json files under tests/bundle/data and
/// self-deleting temporary folders.

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "bundle/ep_override.h"
#include "bundle/genai_config.h"
#include "test_support/temp_dir.h"

namespace winml::bundle::testing {

/// Path of a fixture in tests/bundle/data.
inline std::filesystem::path fixture_path(const std::string& name) {
  return std::filesystem::path(WINML_TEST_SOURCE_DIR) / "tests" / "bundle" / "data" / name;
}

/// A fixture's JSON, key order preserved.
inline ConfigJson fixture(const std::string& name) {
  std::ifstream in(fixture_path(name));
  std::stringstream text;
  text << in.rdbuf();
  return ConfigJson::parse(text.str());
}

/// override_bundle_ep with the choice written as names (EpChoice::parse), as tables write it.
inline OverrideResult override_names(const ConfigJson& config, std::string_view ep, std::string_view device = {}) {
  return override_bundle_ep(config, EpChoice::parse(ep, device));
}

/// Temporary folders come from the shared test support.
using TempDir = winml::test::TempDir;

/// Writes text to a file, creating parent folders.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

/// Reads a whole file ("" when missing).
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace winml::bundle::testing
