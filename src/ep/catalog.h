#pragma once
/// \file
/// The execution-provider catalog: canonical names, aliases, the devices each EP targets
/// (primary first), priority order, and whether an EP produces EPContext models. The table and
/// its rules are written out in docs/execution-providers.md ("Catalog").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winml::ep {

/// One catalog row.
struct EpInfo {
  std::string canonical;             ///< e.g. "QNNExecutionProvider"
  std::string alias;                 ///< short name used in genai_config.json, e.g. "qnn"
  std::vector<std::string> aliases;  ///< every accepted alias (alias first)
  std::vector<std::string> devices;  ///< devices it targets, primary first ("npu","gpu","cpu")
  bool epcontext = false;            ///< produces EPContext models via the compile API
};

/// All EPs in priority order.
const std::vector<EpInfo>& catalog();

/// Looks a name or alias up, case-insensitively; nullptr when unknown.
const EpInfo* find_ep(std::string_view name_or_alias);

/// The catalog row for a name or alias; throws UsageError listing valid names when unknown.
const EpInfo& require_ep(std::string_view name_or_alias);

/// Canonical name for a name or alias; throws UsageError when unknown.
std::string normalize_ep_name(std::string_view name_or_alias);

/// The valid device names: "npu", "gpu", "cpu".
const std::vector<std::string>& device_names();

/// Comma-separated "alias (CanonicalName)" list of every EP, for error messages.
std::string valid_ep_names();

/// The device an EP targets first (e.g. "npu" for OpenVINO); resolution prefers EPs whose primary
/// device is the requested one.
const std::string& primary_device(const EpInfo& info);

/// True when the catalog lists `device` (case-insensitive) among the EP's devices.
bool targets_device(const EpInfo& info, std::string_view device);

/// True for the CPU EP, the only EP that is not hardware acceleration.
bool is_cpu(const EpInfo& info);

/// Lower-case device name when it is one of device_names(), else nullopt.
std::optional<std::string> normalize_device(std::string_view device);

/// Lower-case device name; throws UsageError listing the valid devices when unknown.
std::string require_device(std::string_view device);

}  // namespace winml::ep
