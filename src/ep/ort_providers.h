#pragma once
/// \file
/// The ONNX Runtime providers for an EP choice, filled from the catalog's columns so the engine
/// plugin (which cannot see the catalog) gets every per-EP fact it needs in the ProviderSpec.

#include <vector>

#include "engine/engine.h"
#include "ep/catalog.h"
#include "winml/ep_choice.h"

namespace winml::ep {

/// What a plain ONNX Runtime session (or a compile) appends to run on `choice`: nothing for the
/// CPU EP or a choice that names no EP (ONNX Runtime always has CPU); else one ProviderSpec with
/// the canonical and legacy names, the device as the hardware device type to select, and
/// `options` plus, when a device is chosen, the EP's synthesised device option (kept when
/// `options` already sets it).
std::vector<engine::ProviderSpec> ort_providers(const EpChoice& choice, ProviderOptions options = {});

}  // namespace winml::ep
