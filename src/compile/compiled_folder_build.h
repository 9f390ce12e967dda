#pragma once
/// \file
/// The whole preparation of an output folder, in the one order that is safe against crashes and
/// concurrent runs: lock; if the completion marker matches, reuse everything; else unmark, purge,
/// compile or reuse each stage, let the caller write its derived bundle, mark complete; unlock.

#include <functional>
#include <string_view>
#include <vector>

#include "compile/stage_compiler.h"

namespace winml::compile {

/// Writes what the caller builds from the stage results (e.g. the derived genai_config.json with
/// each stage's `filename`) into the folder, while the lock is held.
using FinishFolder = std::function<void(const std::vector<StageResult>&)>;

/// Prepares job.out_dir. `extra_fingerprint` should describe everything `finish` writes that the
/// job does not determine (e.g. the rewritten config before its filenames are patched), so that a
/// change there rebuilds the folder. When the folder is already prepared for the same fingerprint,
/// `finish` is not called and the result has from_completion_marker = true with compiled stages
/// reported as reused. Waits up to job.lock_wait for a concurrent run (job.progress is told).
/// Throws what compile_stages and `finish` throw; the folder is then left unmarked.
PreparedStages build_compiled_folder(const CompileJob& job, const FinishFolder& finish,
                                     std::string_view extra_fingerprint = {});

}  // namespace winml::compile
