#pragma once
/// \file
/// Compiles the stages of a bundle into an output folder (a derived bundle's `_compiled/`):
/// stages on EPContext-capable EPs become `<out>/<stage>_<epalias>_ctx.onnx` (+ context files),
/// each compiled by winml-compile-worker in a child process with a time limit; every other stage
/// stays just-in-time. Which EP compiles is decided by compile_config.h alone. Independent stages
/// compile side by side, up to CompileJob::jobs workers at once (compile_jobs.h).

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compatibility_check.h"
#include "compile/compile_config.h"
#include "compile/compile_jobs.h"
#include "compile/compile_result.h"
#include "compile/compiled_folder_lock.h"

namespace winml::compile {

/// One stage to compile.
struct StageSpec {
  std::string name;                  ///< pipeline stage name (or "decoder")
  std::filesystem::path source;      ///< the stage's .onnx; external data beside it
  std::string filename;              ///< the stage's filename as genai_config.json names it;
                                     ///< empty = source's file name
  std::string ep;                    ///< EP canonical name or alias the stage runs on
  ProviderOptions provider_options;  ///< the stage's provider options for that EP
  std::string device;                ///< npu/gpu/cpu; empty = the EP's primary device
};

/// A compile of several stages into one folder.
struct CompileJob {
  std::vector<StageSpec> stages;
  std::filesystem::path out_dir;    ///< the folder the artifacts go to (`<bundle>/_compiled`)
  double timeout_s = 300;           ///< per stage (--compile-timeout), each worker its own
  unsigned jobs = 1;                ///< stages compiled at once; 0 = resolve_compile_jobs' default
  std::vector<std::string> worker;  ///< worker program + leading arguments; empty = default_worker_command()
  bool embed = false;               ///< embed context binaries in the compiled models
  std::string compiler_id;          ///< identifies the compiler in cache keys, e.g. the ONNX Runtime
                                    ///< version: a new one recompiles; empty = not tracked
  std::chrono::milliseconds lock_wait = CompiledFolderLock::kDefaultWait;  ///< see build_compiled_folder
  Notify warn;      ///< fallbacks, crashes, timeouts (one message each, in stage order)
  Notify progress;  ///< "compiling ..." and lock waits, as they happen (never two calls at once)
  /// Asked of every EPContext model a stage would run from (cached, fresh, or shipped with the
  /// bundle): see build_artifact. Empty = none.
  CompatibilityCheck check;
};

/// The per-stage outcomes of a compile, in the job's stage order.
struct PreparedStages {
  std::vector<StageResult> stages;
  bool from_completion_marker = false;  ///< true when the whole folder was already prepared
  std::string fingerprint;              ///< what the folder was prepared for (build_compiled_folder)
  CompileJobs jobs;                     ///< how many stages could compile at once, and why
  double wall_seconds = 0;              ///< wall time of compiling or reusing every stage (0 from the marker)
  /// The stages' own times summed: about what one worker would have taken.
  double stage_seconds() const;
  /// What compiling side by side saved: stage_seconds() - wall_seconds, never below 0.
  double saved_seconds() const;
};

/// `<stage>_<alias>_ctx.onnx`. A stage name with characters other than letters, digits, '_', '-'
/// and '.' (or starting with '.') has them replaced by '_' and a digest of the original appended,
/// so names from a stranger's bundle can neither escape the folder nor collide.
std::string artifact_name(std::string_view stage, std::string_view ep_alias);

/// Compiles or reuses every stage. The caller holds `lock` on job.out_dir for the whole call (and
/// beyond, until it has written the derived bundle and the completion marker). The completion
/// marker is removed and untrusted leftovers of interrupted runs are purged first (compiled_folder.h). Throws
/// UsageError for an invalid job (missing source, duplicate stage names, non-positive timeout); a failing compile is
/// not an error: that stage falls back to its original ONNX. With jobs > 1 the stages compile side
/// by side, each in its own worker with its own timeout and fallback; the results, and the
/// warnings, keep the job's stage order.
PreparedStages compile_stages(const CompileJob& job, const CompiledFolderLock& lock);

/// Asks job.check about the EPContext model of each stage of a folder found prepared (`stages` in
/// the job's order) and records the verdicts. Returns false when a cached artifact should be
/// recompiled (recompile_reason): the caller then prepares the folder again.
bool recheck_prepared(const CompileJob& job, std::vector<StageResult>& stages);

/// Digest of everything compile_stages depends on (stages, EPs, options, source identities,
/// embed, compiler id) plus `extra` (e.g. the derived genai_config.json the caller writes).
std::string compile_fingerprint(const CompileJob& job, std::string_view extra = {});

}  // namespace winml::compile
