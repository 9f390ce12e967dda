#pragma once
/// \file
/// Checks a bundle folder before GenAI sees it, so a broken bundle gets a message that names the
/// missing or malformed file instead of GenAI's internal error.

#include <filesystem>

#include <nlohmann/json.hpp>

namespace winml::session {

/// What GenaiSession needs from genai_config.json.
struct BundleFacts {
  nlohmann::json config;  ///< the whole genai_config.json
  int context_length = 0;
  int vocab_size = 0;
  std::filesystem::path tokenizer_dir;
};

/// Reads genai_config.json and checks that every ONNX file it names and the tokenizer exist.
/// Throws GenaiLoadError naming the file and the fix.
BundleFacts check_bundle(const std::filesystem::path& bundle_dir);

}  // namespace winml::session
