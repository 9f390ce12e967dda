#include "engine/ep_device_selection.h"

namespace winml::engine {

std::vector<std::size_t> select_ep_devices(const std::vector<EpDevice>& devices, const ProviderSpec& provider) {
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    if (devices[i].ep_name != provider.name) continue;
    if (!provider.device_type.empty() && devices[i].device_type != provider.device_type) continue;
    chosen.push_back(i);
  }
  return chosen;
}

}  // namespace winml::engine
