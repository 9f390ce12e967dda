#include "ep/discovery.h"

#include <algorithm>
#include <set>
#include <utility>

#include "engine/engine_loader.h"
#include "ep/catalog.h"

namespace winml::ep {

engine::Engine& EngineEpDiscovery::engine() const { return engine_ != nullptr ? *engine_ : engine::get(); }

std::vector<std::string> EngineEpDiscovery::available_providers() { return engine().available_providers(); }

std::vector<engine::EpDevice> EngineEpDiscovery::ep_devices() { return engine().ep_devices(); }

FixedEpDiscovery::FixedEpDiscovery(std::vector<std::string> providers, std::vector<engine::EpDevice> devices)
    : providers_(std::move(providers)), devices_(std::move(devices)) {}

std::vector<std::string> FixedEpDiscovery::available_providers() { return providers_; }

std::vector<engine::EpDevice> FixedEpDiscovery::ep_devices() { return devices_; }

DeviceEpMap discover_device_eps(EpDiscovery& discovery) {
  // (canonical EP, device) pairs that are present on this machine.
  std::set<std::pair<std::string, std::string>> present;
  for (const auto& name : discovery.available_providers()) {
    const EpInfo* info = find_ep(name);
    if (info == nullptr) continue;
    for (const auto& device : info->devices) present.emplace(info->canonical, device);
  }
  for (const auto& device : discovery.ep_devices()) {
    const EpInfo* info = find_ep(device.ep_name);
    auto type = normalize_device(device.device_type);
    // A plugin EP counts only for the devices the catalog allows it: resolution rejects the other
    // pairs anyway, and a catalog-forbidden pair would make `auto` pick something unusable.
    if (info == nullptr || !type || !targets_device(*info, *type)) continue;
    present.emplace(info->canonical, *type);
  }
  DeviceEpMap map;
  for (const auto& device : device_names()) {
    auto& eps = map[device];
    for (const EpInfo* info : all_eps()) {
      if (present.count({info->canonical, device}) != 0) eps.push_back(info->canonical);
    }
  }
  return map;
}

}  // namespace winml::ep
