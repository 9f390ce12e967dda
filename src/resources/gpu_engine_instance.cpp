#include "resources/gpu_engine_instance.h"

namespace winml::resources {

std::optional<GpuEngineInstance> parse_gpu_engine_instance(std::string_view name) {
  constexpr std::string_view kLuid = "luid_";
  constexpr std::string_view kType = "_engtype_";
  const auto luid = name.find(kLuid);
  const auto type = name.rfind(kType);
  if (luid == std::string_view::npos || type == std::string_view::npos || type <= luid) return std::nullopt;
  GpuEngineInstance instance{name.substr(luid, type - luid), name.substr(type + kType.size())};
  if (instance.type.empty()) return std::nullopt;
  return instance;
}

}  // namespace winml::resources
