#include "bundle/cpu_fallback_option.h"

#include <map>
#include <string>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "bundle/stage_list.h"

namespace winml::bundle {
namespace {

constexpr const char* kKey = "session.disable_cpu_ep_fallback";

}  // namespace

ConfigJson with_cpu_fallback_disabled(ConfigJson config) {
  std::map<std::string, std::string> stage_eps;
  for (const auto& stage : list_stages(config)) stage_eps[stage.name] = stage.ep;  // validates the shape too
  ConfigJson& decoder = config["model"]["decoder"];
  bool decoder_level = false;
  if (auto it = decoder.find("session_options"); it != decoder.end() && it->is_object()) {
    decoder_level = providers_ep(session_providers(*it, "model.decoder.session_options")) != "cpu";
    if (decoder_level) (*it)[kKey] = "1";
  }
  if (!is_pipeline(config)) return config;
  for_each_pipeline_stage(decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string&) {
    auto options = stage.find("session_options");
    if (options == stage.end() || !options->is_object()) return;  // follows the decoder level
    const bool inherits = stage.value("inherit_session_options", false);
    if (stage_eps[name] != "cpu") {
      (*options)[kKey] = "1";
    } else if (inherits && decoder_level) {
      (*options)[kKey] = "0";
    }
  });
  return config;
}

}  // namespace winml::bundle
