#include "session/load_folder.h"

#include <algorithm>
#include <map>

#include "bundle/cpu_fallback_option.h"
#include "bundle/derived_bundle.h"
#include "bundle/ep_override.h"
#include "bundle/intra_op_threads.h"
#include "bundle/provider_options.h"
#include "bundle/session_profiling.h"
#include "bundle/stage_files.h"
#include "bundle/stage_list.h"
#include "compile/compile_config.h"
#include "compile/compiled_folder.h"
#include "compile/compiled_folder_build.h"
#include "compile/compiled_folder_lock.h"
#include "compile/onnx_scan.h"
#include "ep/plugin_eps.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

compile::ProviderOptions options_of(const bundle::StageInfo& stage) {
  compile::ProviderOptions options;
  if (stage.providers.empty()) return options;
  for (const auto& [key, value] : stage.providers.front().options.items()) {
    if (key == bundle::kDeviceFilterKey) continue;  // GenAI's, not the EP's: the device travels apart
    options[key] = value.is_string() ? value.get<std::string>() : value.dump();
  }
  return options;
}

StagePreparation to_preparation(const compile::StageResult& result) {
  return {result.stage,   result.ep,     std::string(compile::to_string(result.action)),
          result.seconds, result.detail, std::string(compile::to_string(result.compatibility))};
}

// Without compilation a stage the bundle ships as an EPContext model is only checked: nothing here
// can recompile it, so a verdict against it is a warning.
void check_shipped_stages(const compile::CompileJob& job, const compile::CompatibilityCheck& check,
                          LoadFolder& prepared) {
  if (!check) return;
  for (std::size_t i = 0; i < job.stages.size(); ++i) {
    const compile::StageSpec& stage = job.stages[i];
    compile::CompileConfig config = compile::compile_config_for(stage.ep, stage.device, stage.provider_options);
    if (!config.epcontext || compile::scan_onnx(stage.source).ep_contexts.empty()) continue;
    std::string problem;
    const compile::Compatibility verdict = compile::check_compatibility(check, stage.source, config, &problem);
    prepared.stages[i].compatibility = std::string(compile::to_string(verdict));
    prepared.stages[i].detail = problem.empty() ? "the stage is already an EPContext model" : problem;
    std::string warning = compile::stale_model_warning(stage.name, verdict, config);
    if (!warning.empty()) prepared.warnings.push_back(warning);
  }
}

CompileTiming timing_of(const compile::PreparedStages& prepared) {
  return {prepared.jobs.jobs,    prepared.jobs.source,     prepared.jobs.limited_by,
          prepared.wall_seconds, prepared.stage_seconds(), prepared.saved_seconds()};
}

// Where the derived bundle goes (docs/execution-providers.md, "Where it goes").
std::filesystem::path derived_dir(const std::filesystem::path& bundle_dir, const LoadTarget& target, bool compiling) {
  if (!target.out_dir.empty()) return target.out_dir;
  if (compiling) return bundle::derived_bundle_dir(bundle_dir);
  return bundle::override_bundle_dir(bundle_dir);
}

}  // namespace

std::string engine_compiler_id(engine::Engine& engine) {
  std::string plugins = ep::plugin_libraries_identity();
  return "onnxruntime-" + engine.versions().onnxruntime + (plugins.empty() ? "" : " with " + plugins);
}

LoadFolder prepare_load_folder(const bundle::GenaiConfig& config, const LoadRequest& request,
                               const LoadTarget& target) {
  LoadFolder prepared;
  prepared.load_dir = config.bundle_dir;
  bundle::OverrideResult routed = bundle::override_bundle_ep(config.json, request.ep);
  prepared.warnings = routed.warnings;
  prepared.effective_ep = routed.effective_ep;
  if (request.intra_op_threads) {
    if (*request.intra_op_threads < 1) {
      throw UsageError("intra-op threads must be at least 1, got " + std::to_string(*request.intra_op_threads) +
                       "; leave them unset for the bundle's setting or GenAI's default.");
    }
    // Threads travel the same way as a routing change (GenAI has no per-stage API for either).
    routed.config = bundle::with_intra_op_threads(std::move(routed.config), *request.intra_op_threads);
    routed.changed = routed.config != config.json;
  }
  if (request.no_cpu_fallback) {
    const auto stages = bundle::list_stages(routed.config);
    if (std::none_of(stages.begin(), stages.end(), [](const bundle::StageInfo& s) { return s.ep != "cpu"; })) {
      throw UsageError(
          "--no-cpu-fallback keeps nodes off the CPU in stages routed to an accelerator EP, but every stage of this "
          "bundle runs on the CPU EP. Route it to an accelerator with --ep or --device (a bundle whose stages all run "
          "on the CPU also needs --ep-all-stages), or drop --no-cpu-fallback.");
    }
    routed.config = bundle::with_cpu_fallback_disabled(std::move(routed.config));
    routed.changed = routed.config != config.json;
  }
  if (!request.profile_dir.empty()) {
    // After the bundle check (which refuses a bundle's own profiling): only winml's profiling runs profile.
    routed.config = bundle::with_session_profiling(std::move(routed.config), request.profile_dir);
    routed.changed = true;
  }
  prepared.threads = bundle::stage_thread_settings(routed.config);

  compile::CompileJob job;
  bool any_epcontext = false;
  for (const auto& stage : bundle::list_stages(routed.config)) {
    auto stage_options = options_of(stage);
    any_epcontext =
        any_epcontext || compile::compile_config_for(stage.ep, request.ep.device(), stage_options).epcontext;
    job.stages.push_back(
        {stage.name, config.stage_path(stage), stage.filename, stage.ep, stage_options, request.ep.device()});
    prepared.stages.push_back({stage.name, stage.ep, "jit", 0, ""});
  }
  if (request.compile && !any_epcontext) {
    prepared.warnings.push_back(
        "--compile: no stage runs on an EP that produces EPContext models here; every stage runs just-in-time");
  }
  bool compiling = request.compile && any_epcontext;
  if (!compiling) check_shipped_stages(job, request.check, prepared);
  // An output that would replace the bundle's own config is refused even when nothing is written.
  if (!target.out_dir.empty()) bundle::require_derived_output(config.bundle_dir, target.out_dir);
  if (!compiling && (!routed.changed || target.compiled_only)) return prepared;

  // GenAI cannot re-route a pipeline stage through its API (docs/execution-providers.md, "Why a
  // derived bundle"): it loads a derived bundle instead. Refusals first (above): nothing (lock,
  // folder) is created for a run that is refused.
  prepared.load_dir = derived_dir(config.bundle_dir, target, compiling);
  if (!compiling) {
    // Same lock as compilation, and the folder stops claiming to be a finished compile: the
    // config written now names the original stage files.
    compile::CompiledFolderLock lock(prepared.load_dir);
    compile::clear_prepared(prepared.load_dir);
    bundle::write_derived_bundle(config.bundle_dir, routed.config, prepared.load_dir);
    return prepared;
  }
  job.out_dir = prepared.load_dir;
  job.timeout_s = request.compile_timeout_s;
  job.jobs = request.compile_jobs;
  job.embed = target.embed;
  job.compiler_id = request.compiler_id;
  job.worker = request.worker;
  job.check = request.check;
  job.warn = [&prepared](const std::string& message) { prepared.warnings.push_back(message); };
  auto finish = [&](const std::vector<compile::StageResult>& results) {
    std::map<std::string, std::string> files;
    for (const auto& result : results) files[result.stage] = result.filename;
    bundle::write_derived_bundle(config.bundle_dir, bundle::with_stage_files(routed.config, files), prepared.load_dir);
  };
  auto results = compile::build_compiled_folder(job, finish, routed.config.dump());
  prepared.stages.clear();
  for (const auto& result : results.stages) prepared.stages.push_back(to_preparation(result));
  if (!results.from_completion_marker) prepared.compile = timing_of(results);
  return prepared;
}

}  // namespace winml::session
