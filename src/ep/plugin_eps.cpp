#include "ep/plugin_eps.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "platform/utf8_path.h"
#include "util/ascii_case.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

std::vector<PluginLibrary>& registered() {
  static std::vector<PluginLibrary> libraries;
  return libraries;
}

std::set<std::string> ep_names(const std::vector<engine::EpDevice>& devices) {
  std::set<std::string> names;
  for (const auto& device : devices) names.insert(device.ep_name);
  return names;
}

}  // namespace

EpInfo plugin_ep_row(const std::string& ep_name, const std::vector<std::string>& device_types) {
  EpInfo row;
  row.canonical = row.ort_short_name = row.genai_name = ep_name;
  row.alias = to_lower(ep_name);
  row.aliases = {row.alias};
  for (const auto& device : device_names()) {  // npu, gpu, cpu: the primary device first
    bool offered = std::any_of(device_types.begin(), device_types.end(),
                               [&](const std::string& type) { return iequals(type, device); });
    if (offered) row.devices.push_back(device);
  }
  if (row.devices.empty()) {
    throw UsageError("the plugin EP " + ep_name + " offers no npu, gpu or cpu device, so winml cannot run it.");
  }
  row.genai_device_filter = true;
  row.epcontext = true;
  return row;
}

void register_plugin_libraries(const std::vector<PluginLibrary>& libraries, engine::Engine& engine) {
  for (PluginLibrary library : libraries) {
    // ONNX Runtime resolves a relative path against its own folder, not the working directory the
    // user gave it in; the compile worker needs the same absolute path too.
    std::error_code ec;
    if (auto absolute = std::filesystem::absolute(library.path, ec); !ec)
      library.path = platform::utf8_string(absolute);
    std::set<std::string> before = ep_names(engine.ep_devices());
    engine.register_ep_library(library.name, library.path);
    registered().push_back(library);
    std::vector<engine::EpDevice> devices = engine.ep_devices();
    // The library's EPs: those whose devices appeared with it.
    std::set<std::string> added;
    for (const auto& name : ep_names(devices)) {
      if (before.count(name) == 0) added.insert(name);
    }
    for (const auto& name : added) {
      if (find_ep(name) != nullptr) continue;
      std::vector<std::string> types;
      for (const auto& device : devices) {
        if (device.ep_name == name) types.push_back(device.device_type);
      }
      add_runtime_ep(plugin_ep_row(name, types));
    }
    if (added.size() == 1) add_runtime_alias(library.name, *find_ep(*added.begin()));
    if (added.empty()) {
      add_runtime_unusable_name(library.name, "it names the EP library " + echo(library.path, kEchoPathChars) +
                                                  ", which offers no device on this machine (ONNX Runtime lists "
                                                  "none for it). Check what hardware or drivers it needs, or choose "
                                                  "another EP (`winml sys` lists them).");
    }
  }
}

const std::vector<PluginLibrary>& registered_plugin_libraries() { return registered(); }

std::string plugin_libraries_identity() {
  std::string identity;
  for (const auto& library : registered()) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(library.path, ec);
    const auto modified = std::filesystem::last_write_time(library.path, ec).time_since_epoch().count();
    identity += (identity.empty() ? "" : ";") + library.name + "=" + library.path + "@" + std::to_string(size) + ":" +
                std::to_string(modified);
  }
  return identity;
}

}  // namespace winml::ep
