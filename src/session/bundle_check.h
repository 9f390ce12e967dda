#pragma once
/// \file
/// Checks a bundle folder before GenAI sees it, so a broken bundle gets a message that names the
/// missing or malformed file instead of GenAI's internal error.

#include <filesystem>

#include "bundle/genai_config.h"

namespace winml::session {

/// What GenaiSession needs from a bundle.
struct BundleFacts {
  bundle::GenaiConfig config;
  std::filesystem::path tokenizer_dir;
};

/// Reads genai_config.json and checks that every ONNX file it names and the tokenizer exist.
/// Throws GenaiLoadError naming the file and the fix (UsageError when the folder is not a bundle).
BundleFacts check_bundle(const std::filesystem::path& bundle_dir);

}  // namespace winml::session
