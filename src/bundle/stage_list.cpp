// list_stages, and the stage path checks declared in genai_config.h.
#include "bundle/stage_list.h"

#include <set>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;

const ConfigJson& require_object(const ConfigJson& parent, const char* key, const std::string& location) {
  auto it = parent.find(key);
  if (it == parent.end() || !it->is_object()) {
    throw UsageError(location + " is missing or not an object; a GenAI config needs it.");
  }
  return *it;
}

std::string require_filename(const ConfigJson& object, const std::string& where) {
  auto it = object.find("filename");
  if (it == object.end() || !it->is_string() || it->get<std::string>().empty()) {
    throw UsageError(where +
                     ".filename is missing or not a string; name the stage's ONNX file, relative to the bundle.");
  }
  std::string filename = it->get<std::string>();
  resolve_bundle_path({}, filename, where + ".filename");
  return filename;
}

bool flag(const ConfigJson& stage, const char* key, const std::string& where) {
  auto it = stage.find(key);
  if (it == stage.end()) return true;
  if (!it->is_boolean()) throw UsageError(where + "." + key + " must be true or false.");
  return it->get<bool>();
}

// inherit_session_options (GenAI 0.16+): the stage's list comes first, then the decoder-level
// entries it does not name itself.
std::vector<ProviderEntry> merge(std::vector<ProviderEntry> own, const std::vector<ProviderEntry>& parent) {
  for (const auto& entry : parent) {
    bool named = false;
    for (const auto& mine : own) named = named || mine.name == entry.name;
    if (!named) own.push_back(entry);
  }
  return own;
}

}  // namespace

bool is_pipeline(const ConfigJson& config) {
  auto model = config.find("model");
  if (model == config.end() || !model->is_object()) return false;
  auto type = model->find("type");
  return type != model->end() && type->is_string() && type->get<std::string>() == "decoder-pipeline";
}

std::vector<StageInfo> list_stages(const ConfigJson& config) {
  if (!config.is_object()) throw UsageError("the config must be a JSON object with a \"model\" section.");
  const ConfigJson& decoder = require_object(require_object(config, "model", "model"), "decoder", "model.decoder");
  std::vector<ProviderEntry> decoder_providers;
  if (auto it = decoder.find("session_options"); it != decoder.end()) {
    decoder_providers = session_providers(*it, "model.decoder.session_options");
  }
  std::vector<StageInfo> stages;
  if (!is_pipeline(config)) {
    StageInfo stage;
    stage.name = "decoder";
    stage.filename = require_filename(decoder, "model.decoder");
    stage.providers = decoder_providers;
    stage.ep = providers_ep(stage.providers);
    stages.push_back(std::move(stage));
    return stages;
  }
  auto pipeline = decoder.find("pipeline");
  if (pipeline == decoder.end()) {
    throw UsageError("model.type is decoder-pipeline but model.decoder.pipeline is missing; list the stages there.");
  }
  std::set<std::string> seen;
  for_each_pipeline_stage(*pipeline, [&](const std::string& name, const ConfigJson& value, const std::string& where) {
    if (!seen.insert(name).second) {
      throw UsageError("the pipeline names stage '" + name + "' twice; give every stage a unique name.");
    }
    StageInfo stage;
    stage.name = name;
    stage.filename = require_filename(value, where);
    stage.run_on_prompt = flag(value, "run_on_prompt", where);
    stage.run_on_token_gen = flag(value, "run_on_token_gen", where);
    auto options = value.find("session_options");
    stage.own_session_options = options != value.end();
    if (!stage.own_session_options) {
      stage.providers = decoder_providers;
    } else {
      stage.providers = session_providers(*options, where + ".session_options");
      auto inherit = value.find("inherit_session_options");
      if (inherit != value.end() && inherit->is_boolean() && inherit->get<bool>()) {
        stage.providers = merge(std::move(stage.providers), decoder_providers);
      }
    }
    stage.ep = providers_ep(stage.providers);
    stages.push_back(std::move(stage));
  });
  if (stages.empty()) throw UsageError("model.decoder.pipeline lists no stages; add at least one.");
  return stages;
}

fs::path resolve_bundle_path(const fs::path& bundle_dir, std::string_view relative, std::string_view what) {
  fs::path path(relative);
  std::string where(what);
  if (relative.empty()) throw UsageError(where + " is empty; name a file inside the bundle.");
  if (path.is_absolute() || path.has_root_name() || path.has_root_directory()) {
    throw UsageError(where + " is the absolute path '" + std::string(relative) +
                     "'; a bundle may only name files inside itself, relative to its folder.");
  }
  for (const auto& part : path) {
    if (part == "..") {
      throw UsageError(where + " ('" + std::string(relative) +
                       "') leaves the bundle through '..'; a bundle may only name files inside itself.");
    }
  }
  return bundle_dir / path.lexically_normal();
}

fs::path GenaiConfig::stage_path(const StageInfo& stage) const {
  return resolve_bundle_path(bundle_dir, stage.filename, stage.name + ".filename");
}

void require_stage_files(const GenaiConfig& config) {
  for (const auto& stage : config.stages) {
    fs::path path = config.stage_path(stage);
    if (!fs::exists(path)) {
      throw UsageError("stage '" + stage.name + "' names " + path.string() +
                       ", which does not exist. Restore the file or fix its filename in " +
                       config.config_path.string() + ".");
    }
  }
}

}  // namespace winml::bundle
