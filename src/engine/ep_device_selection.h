#pragma once
/// \file
/// Which of ONNX Runtime's EP devices a provider is appended with. Pure, and outside the plugin's
/// ORT-touching code so it is unit-tested with a described device list; the plugin
/// (impl/ort_environment.cpp) only feeds it what ONNX Runtime reports.

#include <cstddef>
#include <vector>

#include "engine/engine.h"

namespace winml::engine {

/// Positions in `devices` of the EP devices that serve `provider`: the EP name equals
/// provider.name and, when provider.device_type is set, the hardware type equals it (as GenAI
/// selects devices for its own sessions). Order is kept. Empty when none match: the caller then
/// uses ONNX Runtime's legacy registration, or reports the device as unavailable.
std::vector<std::size_t> select_ep_devices(const std::vector<EpDevice>& devices, const ProviderSpec& provider);

}  // namespace winml::engine
