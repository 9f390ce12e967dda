#pragma once
/// \file
/// The execution-provider catalog: one row per EP holding every per-EP rule winml has (names in
/// ONNX Runtime and GenAI, aliases, devices, how the device is passed, EPContext compilation), so
/// adding an EP is adding one row in catalog.cpp. docs/execution-providers.md describes the table.

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winml::ep {

/// Provider options as ONNX Runtime takes them; std::map keeps them sorted (stable cache keys).
using ProviderOptions = std::map<std::string, std::string>;

/// One catalog row. Code outside the catalog reads these columns and never compares EP names.
struct EpInfo {
  std::string canonical;             ///< ONNX Runtime's EP name, e.g. "QNNExecutionProvider"
  std::string ort_short_name;        ///< name ONNX Runtime's legacy AppendExecutionProvider takes ("QNN")
  std::string genai_name;            ///< provider key GenAI 0.18 understands in genai_config.json ("qnn")
  std::string alias;                 ///< short name in reports and artifact file names, e.g. "qnn"
  std::vector<std::string> aliases;  ///< every accepted alias (alias first)
  std::vector<std::string> devices;  ///< devices it targets, primary first ("npu","gpu","cpu")
  bool hardware = true;              ///< false only for the CPU EP, which ONNX Runtime always has
  /// Provider option through which the EP picks its device ("device_type" for OpenVINO and
  /// VitisAI); empty when the EP has no such option.
  std::string device_option{};
  /// GenAI picks the EP's device among its ONNX Runtime EP devices by hardware type: an override
  /// writes `device_filtering_options: {hardware_device_type: DEVICE}` into the provider entry
  /// (plugin EPs; without it GenAI 0.18 hands the EP every device it offers).
  bool genai_device_filter = false;
  bool epcontext = false;  ///< produces EPContext models via the compile API
  /// The compile passes device_option for the device compiled for (OpenVINO would otherwise build
  /// a blob for its default device rather than the one the stage runs on).
  bool compile_sets_device = false;
  /// Provider options the EP cannot run without and that cannot be synthesised, described for a
  /// warning ("backend_path, e.g. libQnnHtp.so"); empty when it needs none.
  std::string required_options{};
};

/// The built-in EPs in priority order.
const std::vector<EpInfo>& catalog();

/// EPs added at run time: plugin EPs the built-in table does not know (see plugin_eps.h). They
/// come after the built-in rows in priority order. Filled before any lookup, on the main thread,
/// when a command registers its plugin libraries; read-only afterwards.
const std::deque<EpInfo>& runtime_eps();

/// Adds a run-time row unless an EP of that canonical name (case-insensitive) exists; returns the
/// row in effect. References stay valid (a deque never moves its elements).
const EpInfo& add_runtime_ep(EpInfo row);

/// Makes `alias` (case-insensitive) a name of `info` too, unless it already names an EP: how a
/// plugin library's registration name becomes a name for its EP.
void add_runtime_alias(const std::string& alias, const EpInfo& info);

/// Makes `name` (case-insensitive) a known name that cannot be chosen: require_ep then explains
/// `why` instead of listing the valid names (a plugin library that offers no device here).
void add_runtime_unusable_name(const std::string& name, const std::string& why);

/// Forgets every run-time row, alias and unusable name (tests only).
void reset_runtime_eps();

/// Built-in rows, then run-time rows: every EP that can be chosen, in priority order.
std::vector<const EpInfo*> all_eps();

/// Looks a name or alias up, case-insensitively, among all_eps() and the run-time aliases;
/// nullptr when unknown.
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

/// True for the CPU EP, the only EP that is not hardware acceleration (the `hardware` column).
bool is_cpu(const EpInfo& info);

/// Lower-case device name when it is one of device_names(), else nullopt.
std::optional<std::string> normalize_device(std::string_view device);

/// Lower-case device name; throws UsageError listing the valid devices when unknown.
std::string require_device(std::string_view device);

/// The value the EP's device_option takes for a device: upper case ("NPU", "GPU", "CPU").
std::string device_option_value(std::string_view device);

/// True when `value` of the EP's device_option already selects `device`, case-insensitively and
/// allowing an index suffix ("GPU.1" selects gpu).
bool device_option_selects(std::string_view value, std::string_view device);

/// The options synthesised for an EP on a device when nothing else supplies them:
/// `{device_option: DEVICE}` for EPs with a device option (empty device = the primary one), else
/// none.
ProviderOptions synthesised_options(const EpInfo& info, std::string_view device);

/// Comma-separated list of the EP's devices, for messages ("npu, gpu").
std::string device_list(const EpInfo& info);

}  // namespace winml::ep
