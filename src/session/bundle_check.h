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
/// (file_write_options.h). Throws UsageError naming the file and the fix for every problem it
/// finds: a missing or broken file of the bundle the user named is bad input found before anything
/// loads (exit 2, docs/exit-codes.md); what fails once GenAI loads an accepted bundle is a load error.
BundleFacts check_bundle(const std::filesystem::path& bundle_dir, bool allow_custom_ops = false);

}  // namespace winml::session
