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

/// Reads genai_config.json and checks, before anything is loaded, that every ONNX file it names
/// and the tokenizer exist, that every file the bundle uses lies where a bundle may reach
/// (bundle_paths.h), and, unless allow_custom_ops, that no option would load a native library
/// (native_code.h) and no option would make ONNX Runtime write files where the bundle says
/// (file_write_options.h). Throws GenaiLoadError naming the file and the fix, UsageError when the folder
/// is not a bundle or an option would load native code or write files.
BundleFacts check_bundle(const std::filesystem::path& bundle_dir, bool allow_custom_ops = false);

}  // namespace winml::session
