#include "ep/ort_providers.h"

#include <utility>

namespace winml::ep {

std::vector<engine::ProviderSpec> ort_providers(const EpChoice& choice, ProviderOptions options) {
  const EpInfo* info = choice.info();
  if (info == nullptr || is_cpu(*info)) return {};
  if (!choice.device().empty()) {
    for (const auto& [key, value] : synthesised_options(*info, choice.device())) options.try_emplace(key, value);
  }
  return {{info->canonical, std::move(options), choice.device(), info->ort_short_name}};
}

}  // namespace winml::ep
