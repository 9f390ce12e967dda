#pragma once
/// \file
/// Turns a bundle plus the session's EP/compile choices into the folder GenAI loads: the bundle
/// itself when nothing changes, else a derived bundle with a rewritten genai_config.json and
/// (with compile) EPContext-compiled stages.

#include <filesystem>
#include <string>
#include <vector>

#include "bundle/genai_config.h"
#include "winml/genai_session.h"

namespace winml::session {

/// The result of preparation.
struct PreparedBundle {
  std::filesystem::path load_dir;        ///< folder to hand to GenAI
  std::string effective_ep = "config";   ///< alias forced on the bundle, or "config"
  std::vector<StagePreparation> stages;  ///< what happened to each stage
  std::vector<std::string> warnings;
};

/// Where and how to write a derived bundle.
struct PrepareTarget {
  std::filesystem::path out_dir;  ///< empty = bundle::derived_bundle_dir(bundle)
  bool embed = false;             ///< embed EPContext binaries in the compiled models
  bool always_write = false;      ///< write the derived bundle even when nothing changes
};

/// Applies options.ep / options.device / options.compile to the bundle.
PreparedBundle prepare_bundle(const bundle::GenaiConfig& config, const GenaiSessionOptions& options,
                              const PrepareTarget& target = {});

}  // namespace winml::session
