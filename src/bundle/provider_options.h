#pragma once
/// \file
/// The `session_options.provider_options` list of genai_config.json: a list of one-key objects,
/// `[{"qnn": {"backend_path": "..."}}]`, where `[]` and `[{}]` mean CPU.

#include <string>
#include <string_view>
#include <vector>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// The key of a provider entry's options that GenAI reads itself to pick among the EP's ONNX
/// Runtime devices (`{"hardware_device_type": "NPU"}`); not an option of the EP, so never passed
/// to ONNX Runtime (e.g. to a compile).
inline constexpr std::string_view kDeviceFilterKey = "device_filtering_options";

/// The entries of a provider_options list, in order. `where` is the JSON location for messages
/// (e.g. "model.decoder.session_options"). Throws UsageError for a malformed list.
std::vector<ProviderEntry> parse_provider_options(const ConfigJson& list, std::string_view where);

/// The entries of a session_options object (none when it has no provider_options).
std::vector<ProviderEntry> session_providers(const ConfigJson& session_options, std::string_view where);

/// True when the entry names a hardware EP (anything but CPU, including names the catalog does not know).
bool is_hardware(const ProviderEntry& entry);

/// Catalog alias of the first hardware entry ("cpu" when there is none); names the catalog does
/// not know are returned lower-cased.
std::string providers_ep(const std::vector<ProviderEntry>& entries);

}  // namespace winml::bundle
