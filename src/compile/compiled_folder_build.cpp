#include "compile/compiled_folder_build.h"

#include "compile/checkpoint.h"
#include "compile/compiled_folder.h"

namespace winml::compile {

PreparedStages build_compiled_folder(const CompileJob& job, const FinishFolder& finish,
                                     std::string_view extra_fingerprint) {
  CompiledFolderLock lock(job.out_dir, job.lock_wait, job.progress);
  checkpoint("lock-acquired");
  const std::string fingerprint = compile_fingerprint(job, extra_fingerprint);
  // Prepared for these inputs is not enough: the runtime must still accept each artifact here.
  if (auto stages = read_prepared(job.out_dir, fingerprint); stages && recheck_prepared(job, *stages)) {
    PreparedStages prepared;
    prepared.stages = std::move(*stages);
    prepared.from_completion_marker = true;
    prepared.fingerprint = fingerprint;
    return prepared;
  }
  // compile_stages unmarks the folder before changing it: a crash from here on leaves no marker.
  PreparedStages prepared = compile_stages(job, lock);
  prepared.fingerprint = fingerprint;
  if (finish) finish(prepared.stages);
  checkpoint("folder-finished");
  mark_prepared(job.out_dir, fingerprint, prepared.stages);
  return prepared;
}

}  // namespace winml::compile
