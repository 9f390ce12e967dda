#include "session/bundle_preparation.h"

#include <fmt/format.h>

#include <chrono>

#include "bundle/derived_bundle.h"
#include "bundle/ep_override.h"
#include "compile/compile_config.h"
#include "compile/compiled_folder.h"
#include "compile/preparation.h"
#include "compile/preparation_lock.h"
#include "engine/engine_loader.h"

namespace winml::session {
namespace {

compile::ProviderOptions options_of(const bundle::StageInfo& stage) {
  compile::ProviderOptions options;
  if (stage.providers.empty()) return options;
  for (const auto& [key, value] : stage.providers.front().options.items()) {
    options[key] = value.is_string() ? value.get<std::string>() : value.dump();
  }
  return options;
}

// The stage entry holding `filename` for stage `name`, in either pipeline form.
void set_stage_filename(bundle::ConfigJson& config, const std::string& name, const std::string& filename) {
  auto& decoder = config["model"]["decoder"];
  if (!decoder.contains("pipeline")) {
    decoder["filename"] = filename;
    return;
  }
  auto& pipeline = decoder["pipeline"];
  auto patch = [&](bundle::ConfigJson& object) {
    if (object.is_object() && object.contains(name)) object[name]["filename"] = filename;
  };
  if (pipeline.is_array()) {
    for (auto& entry : pipeline) patch(entry);
  } else {
    patch(pipeline);
  }
}

StagePreparation to_preparation(const compile::StageResult& result) {
  return {result.stage, result.ep, std::string(compile::to_string(result.action)), result.seconds, result.detail};
}

}  // namespace

PreparedBundle prepare_bundle(const bundle::GenaiConfig& config, const GenaiSessionOptions& options,
                              const PrepareTarget& target) {
  PreparedBundle prepared;
  prepared.load_dir = config.bundle_dir;
  bundle::OverrideResult routed = bundle::override_bundle_ep(config.json, options.ep, options.device);
  prepared.warnings = routed.warnings;
  prepared.effective_ep = routed.effective_ep;
  auto stages = bundle::list_stages(routed.config);

  compile::CompileJob job;
  bool any_epcontext = false;
  for (const auto& stage : stages) {
    auto stage_options = options_of(stage);
    any_epcontext = any_epcontext || compile::compile_config_for(stage.ep, options.device, stage_options).epcontext;
    job.stages.push_back(
        {stage.name, config.stage_path(stage), stage.filename, stage.ep, stage_options, options.device});
    prepared.stages.push_back({stage.name, stage.ep, "jit", 0, ""});
  }
  if (options.compile && !any_epcontext) {
    prepared.warnings.push_back(
        "--compile: no stage runs on an EP that produces EPContext models here; every stage runs just-in-time");
  }
  bool compiling = options.compile && any_epcontext;
  if (!routed.changed && !compiling && !target.always_write) return prepared;

  // GenAI cannot re-route a pipeline stage through its API (docs/execution-providers.md, "Why a
  // derived bundle"): it loads a derived bundle instead. Without compilation that bundle goes
  // under the cache root, so the user's folder is never written; compiled stages go to _compiled/.
  // Refusals first: nothing (lock, folder) is created for a run that is refused.
  if (!target.out_dir.empty()) bundle::require_derived_output(config.bundle_dir, target.out_dir);
  if (!target.out_dir.empty()) {
    prepared.load_dir = target.out_dir;
  } else if (compiling || target.always_write) {  // `winml compile` writes its documented output
    prepared.load_dir = bundle::derived_bundle_dir(config.bundle_dir);
  } else {
    prepared.load_dir = bundle::override_bundle_dir(config.bundle_dir);
  }
  if (!compiling) {
    // Same lock as compilation, and the folder stops claiming to be a finished compile: the
    // config written now names the original stage files.
    compile::PreparationLock lock(prepared.load_dir);
    compile::clear_prepared(prepared.load_dir);
    bundle::write_derived_bundle(config.bundle_dir, routed.config, prepared.load_dir);
    return prepared;
  }
  job.out_dir = prepared.load_dir;
  job.timeout_s = options.compile_timeout_s;
  job.embed = target.embed;
  job.compiler_id = "onnxruntime-" + engine::get().versions().onnxruntime;
  job.warn = [&prepared](const std::string& message) { prepared.warnings.push_back(message); };
  auto finish = [&](const std::vector<compile::StageResult>& results) {
    bundle::ConfigJson patched = routed.config;
    for (const auto& result : results) set_stage_filename(patched, result.stage, result.filename);
    bundle::write_derived_bundle(config.bundle_dir, patched, prepared.load_dir);
  };
  auto results = compile::prepare_compiled_folder(job, finish, routed.config.dump());
  prepared.stages.clear();
  for (const auto& result : results.stages) prepared.stages.push_back(to_preparation(result));
  return prepared;
}

}  // namespace winml::session
