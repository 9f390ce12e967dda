#include "session/placement_probe.h"

#include <set>
#include <string>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "bundle/stage_list.h"
#include "ep/catalog.h"
#include "session/placement.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::session {
namespace {

// session_options keys GenAI reads itself (its SessionOptions_Element), or that a probe must not
// pass on; every other string key reaches ONNX Runtime as a config entry.
const std::set<std::string>& not_config_entries() {
  static const std::set<std::string> keys{"intra_op_num_threads",
                                          "inter_op_num_threads",
                                          "enable_cpu_mem_arena",
                                          "enable_mem_pattern",
                                          "log_id",
                                          "log_severity_level",
                                          "log_verbosity_level",
                                          "enable_profiling",
                                          "graph_optimization_level",
                                          "custom_ops_library",
                                          "provider_options",
                                          "ep.context_enable",
                                          "ep.context_file_path",
                                          "ep.context_embed_mode",
                                          kDisableCpuFallbackKey};
  return keys;
}

// The session_options object GenAI builds the stage's session from: the stage's own, over the
// decoder-level ones under inherit_session_options; the decoder level's for a stage without its
// own and for a plain decoder.
bundle::ConfigJson stage_session_options(const bundle::ConfigJson& json, const bundle::StageInfo& stage) {
  const auto& decoder = json.at("model").at("decoder");
  bundle::ConfigJson base = decoder.value("session_options", bundle::ConfigJson::object());
  if (!bundle::is_pipeline(json) || !stage.own_session_options) return base;
  bundle::ConfigJson result = base;
  bundle::for_each_pipeline_stage(decoder.at("pipeline"),
                                  [&](const std::string& name, const bundle::ConfigJson& value, const std::string&) {
                                    if (name != stage.name) return;
                                    const bundle::ConfigJson& own = value.at("session_options");
                                    if (!value.value("inherit_session_options", false))
                                      result = bundle::ConfigJson::object();
                                    for (auto it = own.begin(); it != own.end(); ++it) result[it.key()] = it.value();
                                  });
  return result;
}

engine::ProviderSpec provider_spec(const bundle::ProviderEntry& entry) {
  const ep::EpInfo* info = ep::find_ep(entry.name);
  if (info == nullptr) {
    throw GenaiLoadError("provider '" + entry.name + "' is not an EP this build of winml knows");
  }
  engine::ProviderSpec spec{info->canonical, {}, "", info->ort_short_name};
  for (auto it = entry.options.begin(); it != entry.options.end(); ++it) {
    if (it.key() == bundle::kDeviceFilterKey) {
      // GenAI appends only the EP devices of this hardware type.
      if (it->is_object() && it->contains("hardware_device_type") && (*it)["hardware_device_type"].is_string()) {
        spec.device_type = to_lower((*it)["hardware_device_type"].get<std::string>());
      }
      continue;
    }
    spec.options[it.key()] = it->is_string() ? it->get<std::string>() : it->dump();
  }
  return spec;
}

}  // namespace

engine::SessionSpec probe_session_spec(const bundle::GenaiConfig& config, const bundle::StageInfo& stage) {
  engine::SessionSpec spec;
  spec.model_path = config.stage_path(stage).string();
  for (const auto& entry : stage.providers) {
    if (bundle::is_hardware(entry)) spec.providers.push_back(provider_spec(entry));
  }
  const bundle::ConfigJson options = stage_session_options(config.json, stage);
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (it.key() == "intra_op_num_threads" && it->is_number_integer()) spec.intra_op_threads = it->get<int>();
    if (it.key() == "graph_optimization_level" && it->is_string())
      spec.graph_optimization_level = it->get<std::string>();
    if (not_config_entries().contains(it.key()) || !it->is_string()) continue;
    spec.config_entries[it.key()] = it->get<std::string>();
  }
  return spec;
}

std::vector<StagePlacement> probe_bundle_placement(engine::Engine& engine, const std::filesystem::path& load_dir,
                                                   const Clock& clock) {
  const bundle::GenaiConfig config = bundle::load_genai_config(load_dir);
  std::vector<StagePlacement> placements;
  for (const auto& stage : config.stages) {
    StagePlacement placement;
    const double start = clock();
    try {
      const engine::SessionSpec spec = probe_session_spec(config, stage);
      auto probe = engine.create_onnx_session(spec);
      const double created = clock();
      placement = summarize_placement(stage.name, spec.providers.empty() ? "" : spec.providers.front().name,
                                      probe->placement());
      placement.probe_s = created - start;
    } catch (const Error& e) {
      placement.stage = stage.name;
      placement.error = e.what();
      placement.probe_s = clock() - start;
    }
    placement.source = "probe";
    placements.push_back(std::move(placement));
  }
  return placements;
}

}  // namespace winml::session
