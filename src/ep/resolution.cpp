#include "ep/resolution.h"

#include <algorithm>
#include <utility>

#include "ep/catalog.h"
#include "util/ascii_case.h"

namespace winml::ep {
namespace {

// "" and "config" both mean "respect the bundle" for GenAI.
bool is_config(const std::string& lowered) { return lowered.empty() || lowered == "config"; }

const std::string kHowToAdd =
    " Choose one of those, or register the EP's plugin library with --ep-library NAME=PATH "
    "(or WINML_EP_LIBRARIES). `winml sys` lists what this machine has.";

}  // namespace

EpResolver::EpResolver(DeviceEpMap available) : available_(std::move(available)) {}

EpResolver::EpResolver(EpDiscovery& discovery) : built_in_(discovery.available_providers()) {
  FixedEpDiscovery asked_once(*built_in_, discovery.ep_devices());  // the engine is asked once for each
  available_ = discover_device_eps(asked_once);
}

EpUnavailableError EpResolver::unavailable(const EpInfo& info, const std::string& where) const {
  const std::string head = info.canonical + " is not available " + where + ". ";
  const auto& rows = catalog();
  const bool catalog_ep = std::any_of(rows.begin(), rows.end(), [&](const EpInfo& row) { return &row == &info; });
  const bool in_build = built_in_ && std::any_of(built_in_->begin(), built_in_->end(),
                                                 [&](const std::string& name) { return find_ep(name) == &info; });
  if (!built_in_ || !catalog_ep || in_build) return EpUnavailableError(head + describe_available() + kHowToAdd);
  std::string names;
  bool cpu_only = true;
  for (const auto& name : *built_in_) {
    const EpInfo* known = find_ep(name);
    cpu_only = cpu_only && known != nullptr && is_cpu(*known);
    names += (names.empty() ? "" : ", ") + (known != nullptr ? known->alias : name);
  }
  const std::string upper = info.ort_short_name.empty() ? info.alias : info.ort_short_name;
  return EpUnavailableError(
      head + "This ONNX Runtime build has no " + upper + " EP (" +
      (cpu_only ? std::string("it is CPU-only") : "its built-in EPs: " + names) + "). To run on " + upper +
      ", configure winml against an ONNX Runtime build that has it: cmake --preset default "
      "-DWINML_ORT_ROOT=<its folder, with include/ and lib/> -DWINML_GENAI_ROOT=<a GenAI built on it> "
      "(cmake/WinmlNativeDeps.cmake), then rebuild; or, for an EP shipped as a plugin library, register it with "
      "--ep-library NAME=PATH (or WINML_EP_LIBRARIES). `winml sys` lists what this machine has.");
}

const std::vector<std::string>& EpResolver::eps_for(const std::string& device) const {
  static const std::vector<std::string> none;
  auto it = available_.find(device);
  return it == available_.end() ? none : it->second;
}

bool EpResolver::ep_available(const std::string& canonical, const std::string& device) const {
  const auto& eps = eps_for(device);
  return std::find(eps.begin(), eps.end(), canonical) != eps.end();
}

std::string EpResolver::describe_available() const {
  std::string out;
  for (const auto& device : device_names()) {
    std::string eps;
    for (const auto& canonical : eps_for(device)) eps += (eps.empty() ? "" : ", ") + require_ep(canonical).alias;
    out += (out.empty() ? "" : "; ") + device + ": " + (eps.empty() ? "(none)" : eps);
  }
  return "Available on this machine: " + out + ".";
}

std::string EpResolver::resolve_device(std::string_view device, std::string_view ep) const {
  std::string requested = to_lower(device);
  const EpInfo* info = ep.empty() ? nullptr : &require_ep(ep);
  if (requested == "auto") {
    for (const auto& candidate : device_names()) {
      bool usable = info != nullptr ? ep_available(info->canonical, candidate) : !eps_for(candidate).empty();
      if (usable) return candidate;
    }
    if (info != nullptr) throw unavailable(*info, "on this machine (it targets " + device_list(*info) + ")");
    throw EpUnavailableError("no execution provider is available on this machine. " + describe_available() + kHowToAdd);
  }
  auto known = normalize_device(requested);
  if (!known) {
    std::string hint =
        requested == "config" ? " 'config' (respect the bundle) only applies to --runtime winml-genai." : "";
    throw UsageError("unknown device '" + std::string(device) + "'. Use one of: auto, npu, gpu, cpu." + hint);
  }
  if (info != nullptr) {
    if (!targets_device(*info, *known)) {
      throw UsageError(info->canonical + " does not run on the " + *known + " device; it targets " +
                       device_list(*info) + ". Choose one of those devices or another EP.");
    }
    if (!ep_available(info->canonical, *known))
      throw unavailable(*info, "for the " + *known + " device on this machine");
    return *known;
  }
  if (eps_for(*known).empty()) {
    throw EpUnavailableError("no execution provider for the " + *known + " device is available on this machine. " +
                             describe_available() + kHowToAdd);
  }
  return *known;
}

std::vector<std::string> EpResolver::resolve_eps(std::string_view device) const {
  return eps_for(resolve_device(device));
}

std::optional<std::string> EpResolver::resolve_genai_ep(std::string_view device) const {
  if (is_config(to_lower(device))) return std::nullopt;
  std::string resolved = resolve_device(device);
  const auto& eps = eps_for(resolved);
  // A multi-device EP (OpenVINO: npu, gpu, cpu) is listed before the device's native EP; a user
  // asking for `cpu` or `gpu` means the native one, so EPs whose primary device this is win.
  for (const auto& canonical : eps) {
    const EpInfo& info = require_ep(canonical);
    if (primary_device(info) == resolved) return info.alias;
  }
  return require_ep(eps.front()).alias;
}

EpChoice EpResolver::select_genai_ep(std::string_view ep, std::string_view device) const {
  std::string requested_device = to_lower(device);
  if (!is_config(to_lower(ep))) {
    const EpInfo& info = require_ep(ep);
    if (!is_config(requested_device)) return EpChoice::of(info, resolve_device(requested_device, ep));
    bool anywhere = std::any_of(info.devices.begin(), info.devices.end(),
                                [&](const std::string& d) { return ep_available(info.canonical, d); });
    if (!anywhere) throw unavailable(info, "on this machine (it targets " + device_list(info) + ")");
    return EpChoice::of(info);
  }
  if (is_config(requested_device)) return {};
  std::string resolved = resolve_device(requested_device);
  return EpChoice::of(require_ep(*resolve_genai_ep(resolved)), resolved);
}

EpChoice EpResolver::select_onnx_ep(std::string_view ep, std::string_view device) const {
  std::string resolved = resolve_device(device.empty() ? "auto" : device, ep);
  const EpInfo& info = ep.empty() ? require_ep(eps_for(resolved).front()) : require_ep(ep);
  return EpChoice::of(info, resolved);
}

}  // namespace winml::ep
