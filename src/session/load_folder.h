#pragma once
/// \file
/// The folder GenAI loads for a bundle and the session's EP/compile choices: the bundle itself
/// when nothing changes, else a derived bundle with a rewritten genai_config.json and (with
/// compile) EPContext-compiled stages. Where the derived bundle goes is in
/// docs/execution-providers.md ("Where it goes").

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bundle/genai_config.h"
#include "compile/compatibility_check.h"
#include "engine/engine.h"
#include "winml/genai_session.h"

namespace winml::session {

/// What the caller wants loaded: only the options that change the folder, not the whole
/// GenaiSessionOptions.
struct LoadRequest {
  EpChoice ep;                          ///< the EP (and device) to force on the bundle; default = as written
  std::optional<int> intra_op_threads;  ///< intra-op threads of every stage; nullopt = as written
  bool compile = false;                 ///< pre-compile EPContext-capable stages
  double compile_timeout_s = 300;       ///< per stage, before falling back to the original ONNX
  unsigned compile_jobs = 0;            ///< stages compiled at once; 0 = compile::resolve_compile_jobs' default
  bool no_cpu_fallback = false;         ///< session.disable_cpu_ep_fallback on accelerator stages
  std::string compiler_id;              ///< names the compiler in cache keys (e.g. the ONNX Runtime version)
  std::vector<std::string> worker;      ///< compile worker command; empty = winml-compile-worker
  /// Asked of every EPContext model a stage would run from, compiled or shipped with the bundle
  /// (engine_compatibility_check); empty = none.
  compile::CompatibilityCheck check;
  std::filesystem::path profile_dir;  ///< non-empty: every session profiles into it (session_profiling.h)
};

/// Where and how to write a derived bundle.
struct LoadTarget {
  std::filesystem::path out_dir;  ///< empty = the cache root, or <bundle>/_compiled when compiling
  bool embed = false;             ///< embed EPContext binaries in the compiled models
  /// `winml compile`: a derived bundle only when a stage compiles; with nothing to compile nothing
  /// is written (no `_compiled/`, no cache folder) and load_dir stays the bundle.
  bool compiled_only = false;
};

/// The outcome: what to load and what happened on the way.
struct LoadFolder {
  std::filesystem::path load_dir;        ///< folder to hand to GenAI
  std::string effective_ep = "config";   ///< alias forced on the bundle, or "config"
  std::vector<StagePreparation> stages;  ///< what happened to each stage
  std::optional<CompileTiming> compile;  ///< how the compile step ran; nullopt when nothing was compiled
  std::vector<StageThreads> threads;     ///< per stage, the intra-op threads the loaded config sets
  std::vector<std::string> warnings;
};

/// Routes the bundle's stages, sets their intra-op threads and (with request.compile) compiles
/// them, writing a derived bundle only when the config changes or something is compiled (with
/// target.compiled_only: only when something is compiled). Without
/// compilation the derived bundle goes under the cache root (bundle::override_bundle_dir), so the bundle folder is
/// never written. Throws UsageError for an unknown EP or device, or an out_dir that is the bundle.
LoadFolder prepare_load_folder(const bundle::GenaiConfig& config, const LoadRequest& request,
                               const LoadTarget& target = {});

/// LoadRequest::compiler_id for the ONNX Runtime `engine` runs on ("onnxruntime-<version>", plus
/// the registered plugin EP libraries' identity, ep::plugin_libraries_identity), so that artifacts
/// compiled by another version, or by another build of a plugin EP, are rebuilt.
std::string engine_compiler_id(engine::Engine& engine);

}  // namespace winml::session
