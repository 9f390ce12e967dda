#pragma once
// The compatibility questions of Engine: GetModelCompatibilityForEpDevices for a compiled model,
// GetHardwareDeviceEpIncompatibilityDetails for each EP and hardware device it does not list.

#include <string>
#include <vector>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Engine::compiled_model_compatibility: asks ONNX Runtime (GetModelCompatibilityForEpDevices)
/// about the EP devices select_ep_devices picks for `provider`.
ModelCompatibility compiled_model_compatibility(const std::string& compatibility_info, const ProviderSpec& provider);

/// Engine::device_incompatibilities.
std::vector<DeviceIncompatibility> device_incompatibilities();

}  // namespace winml::engine::impl
