#include "ep/catalog.h"

#include <algorithm>

#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

// Row order is the priority order within a device (docs/execution-providers.md, "Catalog").
std::vector<EpInfo> make_catalog() {
  return {
      {"NvTensorRTRTXExecutionProvider", "nvtensorrtrtx", {"nvtensorrtrtx", "nv_tensorrt_rtx"}, {"gpu"}, true},
      {"TensorrtExecutionProvider", "tensorrt", {"tensorrt"}, {"gpu"}, true},
      {"CUDAExecutionProvider", "cuda", {"cuda"}, {"gpu"}, false},
      {"MIGraphXExecutionProvider", "migraphx", {"migraphx"}, {"gpu"}, false},
      {"QNNExecutionProvider", "qnn", {"qnn"}, {"npu", "gpu"}, true},
      {"OpenVINOExecutionProvider", "openvino", {"openvino"}, {"npu", "gpu", "cpu"}, true},
      {"DmlExecutionProvider", "dml", {"dml"}, {"gpu"}, false},
      {"CPUExecutionProvider", "cpu", {"cpu"}, {"cpu"}, false},
      {"VitisAIExecutionProvider", "vitisai", {"vitisai"}, {"npu"}, true},
  };
}

}  // namespace

const std::vector<EpInfo>& catalog() {
  static const std::vector<EpInfo> rows = make_catalog();
  return rows;
}

const EpInfo* find_ep(std::string_view name_or_alias) {
  for (const auto& info : catalog()) {
    if (iequals(info.canonical, name_or_alias)) return &info;
    for (const auto& alias : info.aliases) {
      if (iequals(alias, name_or_alias)) return &info;
    }
  }
  return nullptr;
}

std::string valid_ep_names() {
  std::string out;
  for (const auto& info : catalog()) {
    if (!out.empty()) out += ", ";
    out += info.alias + " (" + info.canonical + ")";
  }
  return out;
}

const EpInfo& require_ep(std::string_view name_or_alias) {
  if (const EpInfo* info = find_ep(name_or_alias)) return *info;
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

bool is_cpu(const EpInfo& info) { return info.canonical == "CPUExecutionProvider"; }

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

}  // namespace winml::ep
