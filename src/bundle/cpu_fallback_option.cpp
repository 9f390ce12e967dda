#include "bundle/cpu_fallback_option.h"

#include <map>
#include <string>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "bundle/stage_list.h"

namespace winml::bundle {
namespace {

constexpr const char* kDisableCpuFallbackKey = "session.disable_cpu_ep_fallback";

}  // namespace

ConfigJson with_cpu_fallback_disabled(ConfigJson config) {
  std::map<std::string, std::string> stage_eps;
  for (const auto& stage : list_stages(config)) stage_eps[stage.name] = stage.ep;  // validates the shape too
  ConfigJson& decoder = config["model"]["decoder"];
  if (auto it = decoder.find("session_options"); it != decoder.end() && it->is_object()) {
    if (providers_ep(session_providers(*it, "model.decoder.session_options")) != "cpu") (*it)[kDisableCpuFallbackKey] = "1";
  }
  if (!is_pipeline(config)) return config;
  // A stage inheriting the decoder level's options also inherits its providers (list_stages merges
  // them), so it is an accelerator stage whenever the decoder level's "1" would reach it.
  for_each_pipeline_stage(decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string&) {
    auto options = stage.find("session_options");
    if (options == stage.end() || !options->is_object()) return;  // follows the decoder level
    if (stage_eps[name] != "cpu") (*options)[kDisableCpuFallbackKey] = "1";
  });
  return config;
}

}  // namespace winml::bundle
