#pragma once
/// \file
/// Produces one EPContext artifact: reuse it from the cache, or compile it in an isolated child
/// process (winml-compile-worker) with a time limit, check what the child wrote, and move it into
/// place. Shared by bundle stages (stage_compiler.h) and single models (file_compiler.h).

#include <filesystem>
#include <string>
#include <vector>

#include "compile/compatibility_check.h"
#include "compile/compile_config.h"
#include "compile/compile_result.h"

namespace winml::compile {

/// One artifact to produce. The caller holds the lock that covers `artifact`.
struct ArtifactTask {
  std::string stage;                ///< name for messages and the cache key
  std::filesystem::path source;     ///< the .onnx to compile (external data beside it)
  std::filesystem::path artifact;   ///< where the compiled model goes; context files go beside it
  CompileConfig config;             ///< an EPContext-capable configuration
  bool embed = false;               ///< embed the context binary in the model
  double timeout_s = 300;           ///< the child is killed after this many seconds
  std::vector<std::string> worker;  ///< worker program and leading arguments
  std::string compiler_id;          ///< part of the cache key (e.g. the ONNX Runtime version)
  bool force = false;               ///< compile even when the cache matches
  Notify warn;                      ///< timeouts, crashes, fallbacks
  Notify progress;                  ///< "compiling ..." before a child starts
  CompatibilityCheck check;         ///< asked of a cached artifact and of a fresh one; empty = none
};

/// What build_artifact did.
struct ArtifactOutcome {
  StageAction action = StageAction::fell_back;  ///< compiled, reused or fell_back
  double seconds = 0;
  std::string detail;
  Compatibility compatibility = Compatibility::not_checked;  ///< of the artifact used (or refused)
};

/// Reuses or compiles the artifact. A child that times out is killed (with everything it started);
/// a child that crashes or hangs after writing a valid model still yields that model; invalid or
/// partial output is discarded and the outcome is fell_back, leaving any older artifact untouched
/// (it stays untrusted unless its marker matches). With task.check, a cached artifact the runtime
/// calls unsupported or prefer_recompile is compiled again, and a fresh one it calls unsupported is
/// not used: the outcome is fell_back, as for a failed compile. Throws only for problems of the parent itself
/// (e.g. the folder is not writable).
ArtifactOutcome build_artifact(const ArtifactTask& task);

/// Runs build_artifact(task) and records its outcome in `result`: action, seconds, detail, and
/// (unless it fell back) the artifact with its file name. Used for bundle stages and single files.
void build_into(const ArtifactTask& task, StageResult& result);

}  // namespace winml::compile
