#include "compile/compile_config.h"

#include <functional>
#include <optional>
#include <vector>

#include "ep/catalog.h"
#include "util/ascii_case.h"

namespace winml::compile {
namespace {

// What an EP needs beyond the catalog's EPContext flag. Keep EP-specific compile knowledge here,
// one row per EP that needs any; EPs without a row compile with the stage's options unchanged.
struct EpCompileRule {
  std::string_view canonical;
  // Adds options the compile needs for the device; never replaces what the stage set.
  std::function<void(const std::string& device, ProviderOptions& options)> add_defaults;
};

const std::vector<EpCompileRule>& rules() {
  static const std::vector<EpCompileRule> table = {
      // OpenVINO compiles for the device named by device_type (CPU/GPU/NPU) and would otherwise
      // build a blob for its default device rather than the one the stage runs on.
      {"OpenVINOExecutionProvider",
       [](const std::string& device, ProviderOptions& options) {
         options.try_emplace("device_type", to_upper(device));
       }},
  };
  return table;
}

}  // namespace

CompileConfig compile_config_for(std::string_view ep_name, std::string_view device,
                                 const ProviderOptions& stage_options) {
  CompileConfig config;
  config.options = stage_options;
  const ep::EpInfo* info = ep::find_ep(ep_name);
  if (info == nullptr) {
    config.ep = std::string(ep_name);
    config.alias = std::string(ep_name);
    config.device = std::string(device);
    config.reason = "'" + std::string(ep_name) + "' is not a known execution provider, so it is not compiled";
    return config;
  }
  config.ep = info->canonical;
  config.alias = info->alias;
  auto known_device =
      device.empty() ? std::optional<std::string>(ep::primary_device(*info)) : ep::normalize_device(device);
  config.device = known_device.value_or(std::string(device));
  if (!info->epcontext) {
    config.reason = info->canonical + " does not produce EPContext models; the stage is compiled just-in-time";
    return config;
  }
  if (!known_device || !ep::targets_device(*info, *known_device)) {
    config.reason =
        info->canonical + " does not target device '" + std::string(device) + "'; the stage is compiled just-in-time";
    return config;
  }
  config.epcontext = true;
  for (const auto& rule : rules()) {
    if (rule.canonical == info->canonical) rule.add_defaults(config.device, config.options);
  }
  return config;
}

}  // namespace winml::compile
