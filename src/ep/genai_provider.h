#pragma once
/// \file
/// How ONNX Runtime GenAI spells and parameterises each catalog EP inside genai_config.json
/// `provider_options`. Kept next to the catalog so no other code special-cases EP names.

#include <string>
#include <string_view>

#include "ep/catalog.h"

namespace winml::ep {

/// The provider key to write into genai_config.json for this EP: the short name GenAI's
/// NormalizeProviderName understands (qnn, cuda, openvino, vitisai, dml, NvTensorRtRtx, cpu), or
/// the canonical name for EPs GenAI has no short name for (TensorRT, MIGraphX), because GenAI
/// passes unknown names through and matches plugin EPs by their registered canonical name.
std::string genai_provider_name(const EpInfo& info);

/// True for EPs that pick their device through a `device_type` provider option (OpenVINO,
/// VitisAI), so an override can synthesise `{"device_type": "NPU"}` from a device.
bool takes_device_type(const EpInfo& info);

/// The `device_type` value those EPs expect for a device: upper case ("NPU", "GPU", "CPU").
std::string device_type_value(std::string_view device);

/// True for EPs that cannot run without backend options the bundle must supply (QNN needs
/// backend_path); an override that finds none warns instead of guessing.
bool needs_backend_options(const EpInfo& info);

}  // namespace winml::ep
