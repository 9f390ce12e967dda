#include "bundle/ep_override.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "bundle/pipeline_walk.h"
#include "bundle/provider_options.h"
#include "bundle/stage_list.h"
#include "ep/catalog.h"

namespace winml::bundle {
namespace {

// A session_options object whose provider list decides where one or more stages run: the
// decoder-level one (used by the plain decoder and by stages without their own) or a stage's own.
struct Holder {
  std::string label;                   // for messages
  ConfigJson* session_options;         // inside the output copy
  std::vector<ProviderEntry> entries;  // as written in the input
  bool decoder_level = false;          // model.decoder.session_options
  bool hardware() const { return std::any_of(entries.begin(), entries.end(), is_hardware); }
};

// Which lists a hardware EP takes over (see the header).
enum class Scope {
  hardware_lists,     // the default: lists already naming a hardware EP
  decoder_level_too,  // + the decoder-level list (a bundle being written: route_new_bundle)
  every_list,         // EpChoice::all_stages(): CPU stages included
};

// `add_decoder_level`: a decoder without session_options gets an empty one, so that the stages
// following it (they have no list of their own) can be routed.
std::vector<Holder> collect_holders(ConfigJson& config, bool add_decoder_level) {
  std::vector<Holder> holders;
  ConfigJson& decoder = config["model"]["decoder"];
  if (add_decoder_level && !decoder.contains("session_options")) decoder["session_options"] = ConfigJson::object();
  if (auto it = decoder.find("session_options"); it != decoder.end()) {
    holders.push_back(
        {"the decoder-level options", &*it, session_providers(*it, "model.decoder.session_options"), true});
  }
  if (!is_pipeline(config)) return holders;
  for_each_pipeline_stage(
      decoder["pipeline"], [&](const std::string& name, ConfigJson& stage, const std::string& where) {
        if (auto it = stage.find("session_options"); it != stage.end()) {
          holders.push_back({"stage " + name, &*it, session_providers(*it, where + ".session_options"), false});
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

// An explicit device wins over the device option a reused entry had ("GPU.1" still counts as GPU).
void apply_device(ConfigJson& options, const ep::EpInfo& target, const std::string& device) {
  auto it = options.find(target.device_option);
  if (it != options.end() && it->is_string() && ep::device_option_selects(it->get<std::string>(), device)) return;
  options[target.device_option] = ep::device_option_value(device);
}

// GenAI's device filter for EPs it reaches through their ONNX Runtime EP devices: an explicit
// device wins; otherwise a filter the reused entry has is kept, else the EP's primary device.
void apply_device_filter(ConfigJson& options, const ep::EpInfo& target, const std::string& device) {
  ConfigJson& filter = options[std::string(kDeviceFilterKey)];
  if (!filter.is_object()) filter = ConfigJson::object();
  if (device.empty() && filter.contains("hardware_device_type")) return;
  filter["hardware_device_type"] = ep::device_option_value(device.empty() ? ep::primary_device(target) : device);
}

// Picks the entry a hardware holder is re-routed to (see the header for the order).
ProviderEntry choose_entry(const Holder& holder, const std::vector<Holder>& holders, const ep::EpInfo& target,
                           const std::string& device, bool& guessed_nothing) {
  ProviderEntry chosen{target.genai_name, ConfigJson::object()};
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
    } else if (auto synthesised = ep::synthesised_options(target, device); !synthesised.empty()) {
      for (const auto& [key, value] : synthesised) chosen.options[key] = value;
    } else {
      guessed_nothing = !target.required_options.empty();
    }
  }
  if (!target.device_option.empty() && !device.empty()) apply_device(chosen.options, target, device);
  if (target.genai_device_filter) apply_device_filter(chosen.options, target, device);
  return chosen;
}

OverrideResult rewrite(const ConfigJson& config, const EpChoice& choice, Scope scope) {
  OverrideResult result;
  result.config = config;
  list_stages(config);  // validates the shape before anything is rewritten
  if (choice.respects_bundle()) return result;

  const ep::EpInfo& target = *choice.info();
  const std::string& session_device = choice.device();
  const bool to_cpu = ep::is_cpu(target);

  std::vector<Holder> holders = collect_holders(result.config, scope != Scope::hardware_lists && !to_cpu);
  std::vector<std::string> without_backend;
  bool any_hardware = false;
  for (const auto& holder : holders) {
    any_hardware = any_hardware || holder.hardware();
    const bool taken =
        holder.hardware() || scope == Scope::every_list || (scope == Scope::decoder_level_too && holder.decoder_level);
    if (!taken) continue;  // CPU-intended lists are left alone unless every stage was asked for
    if (to_cpu) {
      if (holder.hardware()) (*holder.session_options)["provider_options"] = ConfigJson::array();
      continue;  // a CPU list stays byte-for-byte the same
    }
    bool guessed_nothing = false;
    ProviderEntry entry = choose_entry(holder, holders, target, session_device, guessed_nothing);
    if (guessed_nothing) without_backend.push_back(holder.label);
    ConfigJson list = ConfigJson::array();
    list.push_back(ConfigJson::object({{entry.name, entry.options}}));
    (*holder.session_options)["provider_options"] = std::move(list);
  }

  if (!without_backend.empty()) {
    result.warnings.push_back(target.alias + " needs backend options (at least " + target.required_options +
                              ") and the bundle has none to reuse, so " +
                              fmt::format("{}", fmt::join(without_backend, ", ")) + " got empty " + target.alias +
                              " options; add backend_path to their provider_options if loading fails.");
  }
  result.changed = result.config != config;
  if (!result.changed) {
    result.unchanged_because =
        any_hardware ? "the bundle already routes its hardware stages to " + target.alias
        : to_cpu     ? "every stage of the bundle already runs on the CPU"
                     : "no stage of the bundle runs on a hardware EP, and CPU stages are never re-routed by default";
    const std::string fix =
        any_hardware || to_cpu ? ""
                               : "; pass --ep-all-stages to route every stage, CPU stages included, to " + target.alias;
    result.warnings.push_back("the EP override '" + target.alias + "' had no effect: " + result.unchanged_because +
                              fix + "; it runs as configured.");
    // Asked for the CPU and already all on it, the run is on the CPU: labelled so, a device
    // comparison of it against an accelerator reads "ep cpu → X", not "ep config → X".
    result.effective_ep = to_cpu ? "cpu" : "config";
    return result;
  }
  result.effective_ep = config_ep(result.config);
  return result;
}

}  // namespace

OverrideResult override_bundle_ep(const ConfigJson& config, const EpChoice& choice) {
  return rewrite(config, choice, choice.all_stages() ? Scope::every_list : Scope::hardware_lists);
}

OverrideResult route_new_bundle(const ConfigJson& config, const EpChoice& choice) {
  return rewrite(config, choice, choice.all_stages() ? Scope::every_list : Scope::decoder_level_too);
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
