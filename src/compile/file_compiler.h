#pragma once
/// \file
/// Compiles one ONNX file (not a bundle) to an EPContext model with the same isolation, time
/// limit, validation and cache marker as bundle stages. The lock is `<output>.lock`, so compiles
/// to different outputs in one folder run side by side.

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compatibility_check.h"
#include "compile/compile_config.h"
#include "compile/compile_result.h"
#include "compile/compiled_folder_lock.h"
#include "winml/ep_choice.h"

namespace winml::compile {

/// One model to compile.
struct FileCompileJob {
  std::filesystem::path source;  ///< the .onnx (external data beside it)
  std::filesystem::path output;  ///< compiled model; empty = default_output_for(source, EP)
  /// The EP to compile for and its device (none = the EP's primary one). A choice that respects
  /// the bundle is a UsageError: a single file has no bundle to respect.
  EpChoice target;
  /// Refuses a target this machine lacks (throws); called once the model is known to be valid, so
  /// a bad file is named first. Empty = no check (the caller knows the EP is there).
  std::function<void()> require_target;
  ProviderOptions provider_options;
  bool embed = false;
  double timeout_s = 300;
  std::vector<std::string> worker;  ///< empty = default_worker_command()
  std::string compiler_id;          ///< see CompileJob::compiler_id
  bool overwrite = false;           ///< allow replacing an output that winml did not compile
  bool force = false;               ///< compile even when the cached output matches
  std::chrono::milliseconds lock_wait = CompiledFolderLock::kDefaultWait;
  Notify warn;
  Notify progress;
  CompatibilityCheck check;  ///< see CompileJob::check
};

/// `<source folder>/<source stem>_compiled/<source stem>_<alias>_ctx.onnx`: a folder of its own
/// beside the model, as a bundle's stages go to `<bundle>/_compiled/`, so the compiled model, its
/// context binaries, marker and lock never mix with the user's files. Lexical.
std::filesystem::path default_output_path(const std::filesystem::path& source, const ep::EpInfo& ep);

/// Where the compiled model goes when no output is given: default_output_path when its folder is a
/// real folder winml can write (it is created), else the same file name in the model's folder under
/// the cache root (`<cache root>/bundles/<stem>-<16 hex digits>/`), as a bundle's derived bundle
/// falls back (bundle::derived_bundle_dir). Throws winml::Error (runtime) when neither is writable.
std::filesystem::path default_output_for(const std::filesystem::path& source, const ep::EpInfo& ep);

/// Compiles (or reuses) the model. Result: action jit when the EP produces no EPContext models or
/// the source already is one (nothing is written); fell_back when the compile failed (nothing
/// usable written; the detail says why); compiled/reused with `artifact` = the output. Throws
/// UsageError for a missing source, an output equal to the source, or an existing output winml
/// did not write when overwrite is false.
StageResult compile_file(const FileCompileJob& job);

}  // namespace winml::compile
