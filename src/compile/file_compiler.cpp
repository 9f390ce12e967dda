#include "compile/file_compiler.h"

#include "compile/artifact_builder.h"
#include "compile/artifact_files.h"
#include "compile/cache_marker.h"
#include "compile/onnx_scan.h"
#include "compile/worker_path.h"
#include "platform/atomic_file.h"
#include "platform/file_kind.h"
#include "platform/file_lock.h"
#include "storage/cache_root.h"
#include "storage/model_folder_name.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

// Under the output's lock: remove what an interrupted compile of this output left behind.
void purge_output_leftovers(const fs::path& output) {
  std::error_code ec;
  const std::string name = output.filename().string();
  for (const auto& entry : fs::directory_iterator(output.parent_path(), ec)) {
    if (entry.is_directory(ec) && is_staging_name(entry.path().filename().string(), name)) {
      fs::remove_all(entry.path(), ec);
    }
  }
  auto marker = read_marker(output);
  if (marker && !marked_files_problem(output, *marker).empty()) discard_artifact(output);
}

// A real folder (created when missing) in which a file can be created.
bool writable_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(dir, ec))) return false;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) return false;
  return platform::file_creation_problem(dir).empty();
}

}  // namespace

fs::path default_output_path(const fs::path& source, const ep::EpInfo& ep) {
  const std::string stem = source.stem().string();
  return source.parent_path() / (stem + "_compiled") / (stem + "_" + ep.alias + "_ctx.onnx");
}

fs::path default_output_for(const fs::path& source, const ep::EpInfo& ep) {
  const fs::path beside = default_output_path(fs::absolute(source), ep);
  // A `<stem>_compiled` that is a link (shipped beside a model, pointing anywhere) is not written
  // through, as a bundle's `_compiled` is not.
  if (writable_folder(beside.parent_path())) return beside;
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(fs::absolute(source), ec);
  if (ec) resolved = fs::absolute(source);
  const fs::path cached = storage::cache_root() / "bundles" / storage::model_folder_name(resolved, 16);
  if (!writable_folder(cached)) {
    throw Error(ErrorCategory::runtime, "neither " + beside.parent_path().string() + " nor " + cached.string() +
                                            " is writable, so the compiled model has nowhere to go. Make one of "
                                            "them writable, set WINML_CACHE_DIR to a writable folder, or name the "
                                            "output with -o.");
  }
  return cached / beside.filename();
}

StageResult compile_file(const FileCompileJob& job) {
  std::error_code ec;
  if (!fs::is_regular_file(job.source, ec)) {
    throw UsageError(job.source.string() + " does not exist or is not a file. Pass the path of an .onnx model.");
  }
  if (!(job.timeout_s > 0)) throw UsageError("the compile timeout must be positive. Pass e.g. --compile-timeout 300.");
  // Checked for every EP, also those that compile nothing: "compiled" must never describe a file
  // ONNX Runtime cannot even read.
  const OnnxScan scan = scan_onnx(job.source);
  if (!scan.valid) {
    throw UsageError(job.source.string() + " is not a valid ONNX model (" + scan.problem +
                     "). Pass an .onnx model file exported by an ONNX tool.");
  }
  if (job.target.respects_bundle()) {
    throw UsageError("give the EP to compile " + job.source.string() + " for (e.g. --ep qnn).");
  }
  if (job.require_target) job.require_target();
  const ep::EpInfo& target = *job.target.info();
  CompileConfig config = compile_config_for(target, job.target.device(), job.provider_options);
  StageResult result{job.source.stem().string(), config.alias, StageAction::jit, 0, config.reason, {}, {}};
  if (!config.epcontext) return result;
  if (!scan.ep_contexts.empty()) {
    result.detail = job.source.string() + " is already an EPContext model";
    std::string problem;
    result.compatibility = check_compatibility(job.check, job.source, config, &problem);
    if (!problem.empty()) result.detail += "; " + problem;
    std::string warning = stale_model_warning(result.stage, result.compatibility, config);
    if (!warning.empty() && job.warn) job.warn(warning);
    return result;
  }
  // Chosen (and its folder made) only now that something will be written. new_file_path: `-o
  // x/../y.onnx` names y.onnx and leaves no empty x folder.
  const fs::path output =
      platform::new_file_path(fs::absolute(job.output.empty() ? default_output_for(job.source, target) : job.output));
  if (fs::equivalent(job.source, output, ec)) {
    throw UsageError("the output " + output.string() + " is the source model. Choose another output path (-o).");
  }
  fs::create_directories(output.parent_path(), ec);
  platform::FileLock lock(fs::path(output.string() + ".lock"), platform::LockMode::exclusive, job.lock_wait, [&] {
    if (job.progress) job.progress("waiting for another winml run that is compiling " + output.string());
  });
  purge_output_leftovers(output);
  if (fs::exists(fs::symlink_status(output, ec)) && !job.overwrite && !read_marker(output)) {
    throw UsageError(output.string() +
                     " already exists and was not compiled by winml. Pass --overwrite to replace "
                     "it, or choose another output path (-o).");
  }
  ArtifactTask task{result.stage,
                    job.source,
                    output,
                    std::move(config),
                    job.embed,
                    job.timeout_s,
                    job.worker.empty() ? default_worker_command() : job.worker,
                    job.compiler_id,
                    job.force,
                    job.warn,
                    job.progress,
                    job.check};
  build_into(task, result);
  return result;
}

}  // namespace winml::compile
