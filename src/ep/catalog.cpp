#include "ep/catalog.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <utility>

#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

// Row order is the priority order within a device: `auto` and device-only requests take the first
// available EP. GenAI names are the spellings GenAI 0.18's NormalizeProviderName maps to its
// dispatch table (it compares case-insensitively); EPs it has no short name for (TensorRT,
// MIGraphX) keep the canonical name, which GenAI passes through and matches against plugin EPs.
// NvTensorRtRtx is written in GenAI's casing because the catalog's underscore alias is not one
// GenAI recognises.
std::vector<EpInfo> make_catalog() {
  return {
      {.canonical = "NvTensorRTRTXExecutionProvider",
       .ort_short_name = "NvTensorRTRTX",
       .genai_name = "NvTensorRtRtx",
       .alias = "nvtensorrtrtx",
       .aliases = {"nvtensorrtrtx", "nv_tensorrt_rtx"},
       .devices = {"gpu"},
       .epcontext = true},
      {.canonical = "TensorrtExecutionProvider",
       .ort_short_name = "Tensorrt",
       .genai_name = "TensorrtExecutionProvider",
       .alias = "tensorrt",
       .aliases = {"tensorrt"},
       .devices = {"gpu"},
       .epcontext = true},
      {.canonical = "CUDAExecutionProvider",
       .ort_short_name = "CUDA",
       .genai_name = "cuda",
       .alias = "cuda",
       .aliases = {"cuda"},
       .devices = {"gpu"}},
      {.canonical = "MIGraphXExecutionProvider",
       .ort_short_name = "MIGraphX",
       .genai_name = "MIGraphXExecutionProvider",
       .alias = "migraphx",
       .aliases = {"migraphx"},
       .devices = {"gpu"}},
      {.canonical = "QNNExecutionProvider",
       .ort_short_name = "QNN",
       .genai_name = "qnn",
       .alias = "qnn",
       .aliases = {"qnn"},
       .devices = {"npu", "gpu"},
       .epcontext = true,
       .required_options = "backend_path, e.g. libQnnHtp.so"},
      {.canonical = "OpenVINOExecutionProvider",
       .ort_short_name = "OpenVINO",
       .genai_name = "openvino",
       .alias = "openvino",
       .aliases = {"openvino"},
       .devices = {"npu", "gpu", "cpu"},
       .device_option = "device_type",
       .epcontext = true,
       .compile_sets_device = true},
      {.canonical = "DmlExecutionProvider",
       .ort_short_name = "DML",
       .genai_name = "dml",
       .alias = "dml",
       .aliases = {"dml"},
       .devices = {"gpu"}},
      {.canonical = "CPUExecutionProvider",
       .ort_short_name = "CPU",
       .genai_name = "cpu",
       .alias = "cpu",
       .aliases = {"cpu"},
       .devices = {"cpu"},
       .hardware = false},
      {.canonical = "VitisAIExecutionProvider",
       .ort_short_name = "VitisAI",
       .genai_name = "vitisai",
       .alias = "vitisai",
       .aliases = {"vitisai"},
       .devices = {"npu"},
       .device_option = "device_type",
       .epcontext = true},
  };
}

std::deque<EpInfo>& mutable_runtime_eps() {
  static std::deque<EpInfo> rows;
  return rows;
}

// Extra names for rows (registration names of plugin libraries), looked up after the rows' own.
std::vector<std::pair<std::string, const EpInfo*>>& runtime_aliases() {
  static std::vector<std::pair<std::string, const EpInfo*>> aliases;
  return aliases;
}

std::vector<std::pair<std::string, std::string>>& unusable_names() {
  static std::vector<std::pair<std::string, std::string>> names;
  return names;
}

}  // namespace

const std::vector<EpInfo>& catalog() {
  static const std::vector<EpInfo> rows = make_catalog();
  return rows;
}

const std::deque<EpInfo>& runtime_eps() { return mutable_runtime_eps(); }

const EpInfo& add_runtime_ep(EpInfo row) {
  if (const EpInfo* existing = find_ep(row.canonical)) return *existing;
  return mutable_runtime_eps().emplace_back(std::move(row));
}

void add_runtime_alias(const std::string& alias, const EpInfo& info) {
  if (!alias.empty() && find_ep(alias) == nullptr) runtime_aliases().emplace_back(alias, &info);
}

void add_runtime_unusable_name(const std::string& name, const std::string& why) {
  if (find_ep(name) == nullptr) unusable_names().emplace_back(name, why);
}

void reset_runtime_eps() {
  unusable_names().clear();
  runtime_aliases().clear();
  mutable_runtime_eps().clear();
}

std::vector<const EpInfo*> all_eps() {
  std::vector<const EpInfo*> rows;
  for (const auto& info : catalog()) rows.push_back(&info);
  for (const auto& info : runtime_eps()) rows.push_back(&info);
  return rows;
}

const EpInfo* find_ep(std::string_view name_or_alias) {
  for (const EpInfo* info : all_eps()) {
    if (iequals(info->canonical, name_or_alias)) return info;
    for (const auto& alias : info->aliases) {
      if (iequals(alias, name_or_alias)) return info;
    }
  }
  for (const auto& [alias, info] : runtime_aliases()) {
    if (iequals(alias, name_or_alias)) return info;
  }
  return nullptr;
}

std::string valid_ep_names() {
  std::string out;
  for (const EpInfo* info : all_eps()) {
    if (!out.empty()) out += ", ";
    out += info->alias + " (" + info->canonical + ")";
  }
  for (const auto& [alias, info] : runtime_aliases()) out += ", " + alias + " (" + info->canonical + ")";
  return out;
}

const EpInfo& require_ep(std::string_view name_or_alias) {
  if (const EpInfo* info = find_ep(name_or_alias)) return *info;
  for (const auto& [name, why] : unusable_names()) {
    if (iequals(name, name_or_alias)) throw UsageError("'" + name + "' cannot be chosen: " + why);
  }
  throw UsageError("unknown execution provider '" + std::string(name_or_alias) +
                   "'. Use one of (names are case-insensitive): " + valid_ep_names() + ".");
}

std::string normalize_ep_name(std::string_view name_or_alias) { return require_ep(name_or_alias).canonical; }

const std::vector<std::string>& device_names() {
  static const std::vector<std::string> names = {"npu", "gpu", "cpu"};
  return names;
}

const std::string& primary_device(const EpInfo& info) { return info.devices.front(); }

bool targets_device(const EpInfo& info, std::string_view device) {
  return std::find(info.devices.begin(), info.devices.end(), to_lower(device)) != info.devices.end();
}

bool is_cpu(const EpInfo& info) { return !info.hardware; }

std::optional<std::string> normalize_device(std::string_view device) {
  std::string lower = to_lower(device);
  const auto& names = device_names();
  if (std::find(names.begin(), names.end(), lower) == names.end()) return std::nullopt;
  return lower;
}

std::string require_device(std::string_view device) {
  if (auto known = normalize_device(device)) return *known;
  throw UsageError("unknown device '" + std::string(device) + "'. Use one of: npu, gpu, cpu.");
}

std::string device_option_value(std::string_view device) { return to_upper(device); }

bool device_option_selects(std::string_view value, std::string_view device) {
  return device_option_value(value).rfind(device_option_value(device), 0) == 0;
}

ProviderOptions synthesised_options(const EpInfo& info, std::string_view device) {
  if (info.device_option.empty()) return {};
  return {{info.device_option, device_option_value(device.empty() ? primary_device(info) : device)}};
}

std::string device_list(const EpInfo& info) { return fmt::format("{}", fmt::join(info.devices, ", ")); }

}  // namespace winml::ep
