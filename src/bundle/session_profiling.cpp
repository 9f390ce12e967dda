#include "bundle/session_profiling.h"

#include "bundle/pipeline_walk.h"
#include "bundle/stage_list.h"

namespace winml::bundle {

std::filesystem::path stage_profile_prefix(const std::filesystem::path& dir, const std::string& stage) {
  return dir / stage;
}

ConfigJson with_session_profiling(ConfigJson config, const std::filesystem::path& dir) {
  const std::vector<StageInfo> stages = list_stages(config);  // validates the shape first
  ConfigJson& decoder = config["model"]["decoder"];
  if (!is_pipeline(config)) {
    decoder["session_options"]["enable_profiling"] = stage_profile_prefix(dir, stages.front().name).string();
    return config;
  }
  const ConfigJson shared = decoder.contains("session_options") ? decoder["session_options"] : ConfigJson::object();
  for_each_pipeline_stage(decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string&) {
    if (!stage.contains("session_options")) stage["session_options"] = shared;
    stage["session_options"]["enable_profiling"] = stage_profile_prefix(dir, name).string();
  });
  return config;
}

}  // namespace winml::bundle
