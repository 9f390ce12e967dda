#include "bundle/stage_files.h"

#include <set>

#include "bundle/pipeline_walk.h"
#include "bundle/stage_list.h"
#include "winml/errors.h"

namespace winml::bundle {

ConfigJson with_stage_files(ConfigJson config, const std::map<std::string, std::string>& filenames) {
  std::set<std::string> patched;
  auto& decoder = config["model"]["decoder"];
  if (!is_pipeline(config)) {
    if (auto it = filenames.find("decoder"); it != filenames.end()) {
      decoder["filename"] = it->second;
      patched.insert(it->first);
    }
  } else if (decoder.contains("pipeline")) {
    for_each_pipeline_stage(decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string&) {
      if (auto it = filenames.find(name); it != filenames.end()) {
        stage["filename"] = it->second;
        patched.insert(name);
      }
    });
  }
  for (const auto& [name, filename] : filenames) {
    if (patched.count(name) == 0) {
      throw UsageError("cannot point stage '" + name + "' at " + filename +
                       ": the config has no such stage. List its stages with `winml bundle derive`.");
    }
  }
  return config;
}

}  // namespace winml::bundle
