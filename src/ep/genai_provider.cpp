#include "ep/genai_provider.h"

#include <map>

#include "util/ascii_case.h"

namespace winml::ep {
namespace {

// Spellings GenAI 0.18's NormalizeProviderName maps to its built-in dispatch table. It compares
// case-insensitively, so the lower-case aliases work; NvTensorRtRtx is written in GenAI's own
// casing because its catalog alias also has an underscore form GenAI would not recognise.
const std::map<std::string, std::string>& genai_names() {
  static const std::map<std::string, std::string> names = {
      {"CPUExecutionProvider", "cpu"},
      {"CUDAExecutionProvider", "cuda"},
      {"QNNExecutionProvider", "qnn"},
      {"OpenVINOExecutionProvider", "openvino"},
      {"VitisAIExecutionProvider", "vitisai"},
      {"DmlExecutionProvider", "dml"},
      {"NvTensorRTRTXExecutionProvider", "NvTensorRtRtx"},
  };
  return names;
}

}  // namespace

std::string genai_provider_name(const EpInfo& info) {
  auto it = genai_names().find(info.canonical);
  return it == genai_names().end() ? info.canonical : it->second;
}

bool takes_device_type(const EpInfo& info) {
  return info.canonical == "OpenVINOExecutionProvider" || info.canonical == "VitisAIExecutionProvider";
}

std::string device_type_value(std::string_view device) { return to_upper(device); }

bool needs_backend_options(const EpInfo& info) { return info.canonical == "QNNExecutionProvider"; }

}  // namespace winml::ep
