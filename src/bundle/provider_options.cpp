#include "bundle/provider_options.h"

#include "ep/catalog.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

[[noreturn]] void malformed(std::string_view where, const std::string& problem) {
  throw UsageError(std::string(where) + ".provider_options " + problem +
                   ". Write a list of one-key objects such as [{\"qnn\": {\"backend_path\": \"libQnnHtp.so\"}}]; "
                   "[] means CPU.");
}

}  // namespace

std::vector<ProviderEntry> parse_provider_options(const ConfigJson& list, std::string_view where) {
  if (!list.is_array()) malformed(where, "is not a list");
  std::vector<ProviderEntry> entries;
  for (const auto& element : list) {
    if (!element.is_object()) malformed(where, "has an element that is not an object");
    for (auto it = element.begin(); it != element.end(); ++it) {
      if (!it.value().is_object()) malformed(where, "gives '" + it.key() + "' options that are not an object");
      entries.push_back({it.key(), it.value()});
    }
  }
  return entries;
}

std::vector<ProviderEntry> session_providers(const ConfigJson& session_options, std::string_view where) {
  if (!session_options.is_object()) {
    throw UsageError(std::string(where) + " must be an object (session options), e.g. {\"provider_options\": []}.");
  }
  auto it = session_options.find("provider_options");
  if (it == session_options.end()) return {};
  return parse_provider_options(*it, where);
}

bool is_hardware(const ProviderEntry& entry) {
  const ep::EpInfo* info = ep::find_ep(entry.name);
  return info == nullptr || !ep::is_cpu(*info);
}

std::string providers_ep(const std::vector<ProviderEntry>& entries) {
  for (const auto& entry : entries) {
    if (!is_hardware(entry)) continue;
    if (const ep::EpInfo* info = ep::find_ep(entry.name)) return info->alias;
    return to_lower(entry.name);
  }
  return "cpu";
}

}  // namespace winml::bundle
