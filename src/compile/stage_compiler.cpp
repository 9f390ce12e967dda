#include "compile/stage_compiler.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compile/artifact_builder.h"
#include "compile/cache_marker.h"
#include "compile/compiled_folder.h"
#include "compile/onnx_scan.h"
#include "compile/stage_notices.h"
#include "compile/stage_pool.h"
#include "compile/worker_path.h"
#include "storage/digest.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

std::string original_filename(const StageSpec& stage) {
  return stage.filename.empty() ? stage.source.filename().string() : stage.filename;
}

void check_job(const CompileJob& job, const CompiledFolderLock& lock) {
  std::error_code ec;
  if (!fs::equivalent(lock.dir(), job.out_dir, ec)) {
    throw Error(ErrorCategory::runtime, "compile_stages was called with a lock on " + lock.dir().string() +
                                            " but compiles into " + job.out_dir.string() +
                                            ". Lock the output folder itself.");
  }
  if (!(job.timeout_s > 0)) {
    throw UsageError(
        fmt::format("the compile timeout must be positive, not {}. Pass e.g. --compile-timeout 300.", job.timeout_s));
  }
  std::set<std::string> names;
  for (const auto& stage : job.stages) {
    if (stage.name.empty()) throw UsageError("a stage has no name. Name every pipeline stage in genai_config.json.");
    if (!names.insert(stage.name).second) {
      throw UsageError("stage '" + stage.name + "' appears twice. Give every pipeline stage its own name.");
    }
    if (!fs::is_regular_file(stage.source, ec)) {
      throw UsageError("stage '" + stage.name + "': " + stage.source.string() +
                       " does not exist. Fix the stage's filename in genai_config.json or restore the file.");
    }
  }
}

// A stage the bundle ships compiled cannot be recompiled here: the verdict is recorded and a
// stale or unsupported model is warned about.
void check_shipped(const CompileJob& job, const StageSpec& stage, const CompileConfig& config, StageResult& result,
                   const Notify& warn) {
  std::string problem;
  result.compatibility = check_compatibility(job.check, stage.source, config, &problem);
  if (!problem.empty()) result.detail += "; " + problem;
  std::string warning = stale_model_warning(stage.name, result.compatibility, config);
  if (!warning.empty() && warn) warn(warning);
}

// The notifiers one stage reports through (serialised or ordered when stages run side by side).
struct StageNotify {
  Notify warn;
  Notify progress;
};

StageResult compile_stage(const CompileJob& job, const StageSpec& stage, const StageNotify& notify) {
  CompileConfig config = compile_config_for(stage.ep, stage.device, stage.provider_options);
  StageResult result{stage.name, config.alias, StageAction::jit, 0, config.reason, original_filename(stage), {}};
  if (!config.epcontext) return result;
  if (!scan_onnx(stage.source).ep_contexts.empty()) {
    result.detail = "the stage is already an EPContext model";
    check_shipped(job, stage, config, result, notify.warn);
    return result;
  }
  const fs::path artifact = job.out_dir / artifact_name(stage.name, config.alias);
  ArtifactTask task{stage.name,
                    stage.source,
                    artifact,
                    std::move(config),
                    job.embed,
                    job.timeout_s,
                    job.worker.empty() ? default_worker_command() : job.worker,
                    job.compiler_id,
                    /*force=*/false,
                    notify.warn,
                    notify.progress,
                    job.check};
  build_into(task, result);
  return result;
}

// One entry per stage that may compile: what its worker is expected to need (compile_jobs.h). The
// sources are measured only for the auto rule; a requested number needs only the count.
std::vector<std::uint64_t> worker_needs(const CompileJob& job, bool measure) {
  std::vector<std::uint64_t> needs;
  for (const auto& stage : job.stages) {
    if (!compile_config_for(stage.ep, stage.device, stage.provider_options).epcontext) continue;
    std::uint64_t bytes = 0;
    if (measure) {
      for (const auto& source : identify_sources(stage.source)) bytes += source.identity ? source.identity->size : 0;
    }
    needs.push_back(worker_memory_estimate(bytes));
  }
  return needs;
}

CompileJobs plan_jobs(const CompileJob& job) {
  const bool automatic = job.jobs == 0;
  return resolve_compile_jobs(job.jobs, worker_needs(job, automatic),
                              automatic ? read_compile_capacity() : CompileCapacity{});
}

}  // namespace

std::string artifact_name(std::string_view stage, std::string_view ep_alias) {
  std::string safe(stage);
  std::replace_if(
      safe.begin(), safe.end(), [](char c) { return !is_name_char(c); }, '_');
  if (!safe.empty() && safe.front() == '.') safe.front() = '_';
  if (safe != stage) safe += "-" + storage::digest(stage).substr(0, 8);
  return fmt::format("{}_{}_ctx.onnx", safe, ep_alias);
}

PreparedStages compile_stages(const CompileJob& job, const CompiledFolderLock& lock) {
  check_job(job, lock);
  // Anything below may change the folder: from now on it is not prepared for anyone.
  clear_prepared(job.out_dir);
  purge_untrusted(job.out_dir);
  PreparedStages prepared;
  prepared.jobs = plan_jobs(job);
  prepared.stages.resize(job.stages.size());
  OrderedNotices warnings(job.stages.size(), job.warn);
  const Notify progress = serialized(job.progress);
  const auto start = std::chrono::steady_clock::now();
  run_indexed(job.stages.size(), prepared.jobs.jobs, [&](std::size_t i) {
    // Finished also when the stage throws, so the warnings of the stages after it are not held back.
    struct Finish {
      OrderedNotices& notices;
      std::size_t index;
      ~Finish() { notices.finish(index); }
    } finish{warnings, i};
    prepared.stages[i] = compile_stage(job, job.stages[i], {warnings.for_stage(i), progress});
  });
  prepared.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return prepared;
}

bool recheck_prepared(const CompileJob& job, std::vector<StageResult>& stages) {
  if (!job.check) return true;
  for (std::size_t i = 0; i < stages.size() && i < job.stages.size(); ++i) {
    const StageSpec& stage = job.stages[i];
    StageResult& result = stages[i];
    CompileConfig config = compile_config_for(stage.ep, stage.device, stage.provider_options);
    if (!result.artifact.empty()) {
      result.compatibility = check_compatibility(job.check, result.artifact, config);
      if (!recompile_reason(result.compatibility, config).empty()) return false;
    } else if (config.epcontext && !scan_onnx(stage.source).ep_contexts.empty()) {
      check_shipped(job, stage, config, result, job.warn);
    }
  }
  return true;
}

double PreparedStages::stage_seconds() const {
  return std::accumulate(stages.begin(), stages.end(), 0.0,
                         [](double sum, const StageResult& stage) { return sum + stage.seconds; });
}

double PreparedStages::saved_seconds() const { return std::max(0.0, stage_seconds() - wall_seconds); }

std::string compile_fingerprint(const CompileJob& job, std::string_view extra) {
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& stage : job.stages) {
    CompileConfig config = compile_config_for(stage.ep, stage.device, stage.provider_options);
    nlohmann::json entry = {{"name", stage.name},
                            {"filename", original_filename(stage)},
                            {"source", stage.source.string()},
                            {"ep", config.ep},
                            {"device", config.device},
                            {"options", config.options},
                            {"epcontext", config.epcontext}};
    // Only compiled stages depend on their sources' content; JIT stages are linked, not copied.
    if (config.epcontext) {
      entry["key"] = artifact_key({stage.name, &config, job.embed, job.compiler_id, identify_sources(stage.source)});
    }
    stages.push_back(std::move(entry));
  }
  nlohmann::json all = {{"schema", "winml.compile.folder/1"},
                        {"stages", std::move(stages)},
                        {"embed", job.embed},
                        {"compiler", job.compiler_id},
                        {"extra", std::string(extra)}};
  return storage::digest(all.dump());
}

}  // namespace winml::compile
