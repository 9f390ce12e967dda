#include "bundle/ep_override.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "bundle/stage_list.h"
#include "ep/catalog.h"
#include "ep/genai_provider.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

// A session_options object whose provider list decides where one or more stages run: the
// decoder-level one (used by the plain decoder and by stages without their own) or a stage's own.
struct Holder {
  std::string label;                   // for messages
  ConfigJson* session_options;         // inside the output copy
  std::vector<ProviderEntry> entries;  // as written in the input
  bool hardware() const { return std::any_of(entries.begin(), entries.end(), is_hardware); }
};

std::vector<Holder> collect_holders(ConfigJson& config) {
  std::vector<Holder> holders;
  ConfigJson& decoder = config["model"]["decoder"];
  if (auto it = decoder.find("session_options"); it != decoder.end()) {
    holders.push_back({"the decoder-level options", &*it, session_providers(*it, "model.decoder.session_options")});
  }
  if (!is_pipeline(config)) return holders;
  for_each_pipeline_stage(
      decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string& where) {
        if (auto it = stage.find("session_options"); it != stage.end()) {
          holders.push_back({"stage " + name, &*it, session_providers(*it, where + ".session_options")});
        }
      });
  return holders;
}

const ProviderEntry* entry_for(const std::vector<ProviderEntry>& entries, const ep::EpInfo& target) {
  for (const auto& entry : entries) {
    if (ep::find_ep(entry.name) == &target) return &entry;
  }
  return nullptr;
}

// An explicit device wins over the device_type a reused entry had ("GPU.1" still counts as GPU).
void apply_device(ConfigJson& options, const std::string& device) {
  std::string wanted = ep::device_type_value(device);
  auto it = options.find("device_type");
  if (it != options.end() && it->is_string() && to_upper(it->get<std::string>()).rfind(wanted, 0) == 0) return;
  options["device_type"] = wanted;
}

// Picks the entry a hardware holder is re-routed to (see the header for the order).
ProviderEntry choose_entry(const Holder& holder, const std::vector<Holder>& holders, const ep::EpInfo& target,
                           const std::string& device, bool& guessed_nothing) {
  ProviderEntry chosen{ep::genai_provider_name(target), ConfigJson::object()};
  if (const ProviderEntry* own = entry_for(holder.entries, target)) {
    chosen = *own;  // keeps the bundle's spelling, so an already-routed list stays unchanged
  } else {
    const ProviderEntry* borrowed = nullptr;
    for (const auto& other : holders) {
      for (const auto& candidate : other.entries) {
        bool usable = ep::find_ep(candidate.name) == &target && !candidate.options.empty();
        if (borrowed == nullptr && usable) borrowed = &candidate;
      }
    }
    if (borrowed != nullptr) {
      chosen.options = borrowed->options;
    } else if (ep::takes_device_type(target)) {
      chosen.options["device_type"] = ep::device_type_value(device.empty() ? ep::primary_device(target) : device);
    } else {
      guessed_nothing = ep::needs_backend_options(target);
    }
  }
  if (ep::takes_device_type(target) && !device.empty()) apply_device(chosen.options, device);
  return chosen;
}

}  // namespace

OverrideResult override_bundle_ep(const ConfigJson& config, std::string_view ep, std::string_view device) {
  OverrideResult result;
  result.config = config;
  list_stages(config);  // validates the shape before anything is rewritten
  std::string requested(ep);
  if (requested.empty() || iequals(requested, "config")) return result;

  const ep::EpInfo& target = ep::require_ep(ep);
  std::string session_device;
  if (!device.empty()) {
    session_device = ep::require_device(device);
    if (!ep::targets_device(target, session_device)) {
      throw UsageError(target.canonical + " does not run on the " + session_device + " device; it targets " +
                       fmt::format("{}", fmt::join(target.devices, ", ")) +
                       ". Choose one of those devices or another EP.");
    }
  }

  std::vector<Holder> holders = collect_holders(result.config);
  std::vector<std::string> without_backend;
  bool any_hardware = false;
  for (const auto& holder : holders) {
    if (!holder.hardware()) continue;  // CPU-intended lists are never touched
    any_hardware = true;
    if (ep::is_cpu(target)) {
      (*holder.session_options)["provider_options"] = ConfigJson::array();
      continue;
    }
    bool guessed_nothing = false;
    ProviderEntry entry = choose_entry(holder, holders, target, session_device, guessed_nothing);
    if (guessed_nothing) without_backend.push_back(holder.label);
    ConfigJson list = ConfigJson::array();
    list.push_back(ConfigJson::object({{entry.name, entry.options}}));
    (*holder.session_options)["provider_options"] = std::move(list);
  }

  if (!without_backend.empty()) {
    result.warnings.push_back(
        target.alias +
        " needs backend options (at least backend_path, e.g. libQnnHtp.so) and the bundle has none to reuse, so " +
        fmt::format("{}", fmt::join(without_backend, ", ")) + " got empty " + target.alias +
        " options; add backend_path to their provider_options if loading fails.");
  }
  result.changed = result.config != config;
  if (!result.changed) {
    result.warnings.push_back(
        any_hardware ? "the EP override '" + target.alias +
                           "' had no effect: the bundle already routes its hardware stages to " + target.alias +
                           "; it runs as configured."
                     : "the EP override '" + target.alias +
                           "' had no effect: no stage of the bundle runs on a hardware EP, and CPU stages are never "
                           "re-routed; it runs as configured.");
    result.effective_ep = "config";
    return result;
  }
  result.effective_ep = config_ep(result.config);
  return result;
}

std::string config_ep(const ConfigJson& config) {
  for (const auto& stage : list_stages(config)) {
    if (stage.ep != "cpu") return stage.ep;
  }
  const ConfigJson& decoder = config.at("model").at("decoder");
  auto it = decoder.find("session_options");
  return it == decoder.end() ? "cpu" : providers_ep(session_providers(*it, "model.decoder.session_options"));
}

}  // namespace winml::bundle
