#include "ep/ep_selection.h"

#include "ep/catalog.h"

namespace winml::ep {

EpSelector::EpSelector(EpDiscovery& discovery) : discovery_(discovery) {}

const EpResolver& EpSelector::resolver() {
  if (!resolver_) resolver_.emplace(discovery_);
  return *resolver_;
}

EpChoice EpSelector::for_bundle(std::string_view ep, std::string_view device) {
  // The bundle's own routing needs nothing from this machine: the engine stays unloaded.
  const bool respect_bundle = ep.empty() && (device.empty() || device == "config");
  if (respect_bundle) return {};
  return resolver().select_genai_ep(ep, device);
}

EpChoice EpSelector::for_model(std::string_view ep, std::string_view device) {
  return resolver().select_onnx_ep(ep, device);
}

EpChoice choose_named_ep(std::string_view ep, std::string_view device,
                         const std::function<void()>& register_libraries) {
  const bool built_in = find_ep(ep) != nullptr;
  if (!built_in) register_libraries();
  EpChoice choice = EpChoice::of(require_ep(ep), device);
  if (built_in) register_libraries();
  return choice;
}

}  // namespace winml::ep
