#include "compile/compile_config.h"

#include <optional>

namespace winml::compile {

CompileConfig compile_config_for(const ep::EpInfo& info, std::string_view device,
                                 const ProviderOptions& stage_options) {
  CompileConfig config;
  config.options = stage_options;
  config.ep = info.canonical;
  config.alias = info.alias;
  auto known_device =
      device.empty() ? std::optional<std::string>(ep::primary_device(info)) : ep::normalize_device(device);
  config.device = known_device.value_or(std::string(device));
  if (!info.epcontext) {
    config.reason = info.canonical + " does not produce EPContext models; the stage is compiled just-in-time";
    return config;
  }
  if (!known_device || !ep::targets_device(info, *known_device)) {
    config.reason =
        info.canonical + " does not target device '" + std::string(device) + "'; the stage is compiled just-in-time";
    return config;
  }
  config.epcontext = true;
  if (info.compile_sets_device) {
    // Adds what the compile needs for the device; never replaces what the stage set.
    for (const auto& [key, value] : ep::synthesised_options(info, config.device))
      config.options.try_emplace(key, value);
  }
  return config;
}

CompileConfig compile_config_for(std::string_view ep_name, std::string_view device,
                                 const ProviderOptions& stage_options) {
  if (const ep::EpInfo* info = ep::find_ep(ep_name)) return compile_config_for(*info, device, stage_options);
  CompileConfig config;
  config.options = stage_options;
  config.ep = std::string(ep_name);
  config.alias = std::string(ep_name);
  config.device = std::string(device);
  config.reason = "'" + std::string(ep_name) + "' is not a known execution provider, so it is not compiled";
  return config;
}

}  // namespace winml::compile
