#include "report/sys_report.h"

#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <utility>

#include "ep/catalog.h"
#include "ep/discovery.h"
#include "report/bandwidth_report.h"
#include "report/json_fields.h"
#include "report/power_text.h"
#include "report/text_table.h"
#include "report/text_units.h"
#include "report/threads_text.h"
#include "util/printable.h"

namespace winml::report {

using Json = nlohmann::ordered_json;

namespace {

// ONNX Runtime's OrtDeviceEpIncompatibilityReason bits, in words; unknown bits by number.
Json reason_names(std::uint32_t reasons) {
  Json names = Json::array();
  const std::pair<std::uint32_t, const char*> known[] = {{engine::kIncompatibleDriver, "driver_incompatible"},
                                                         {engine::kIncompatibleDevice, "device_incompatible"},
                                                         {engine::kMissingDependency, "missing_dependency"},
                                                         {engine::kIncompatibleUnknown, "unknown"}};
  for (const auto& [bit, name] : known) {
    if ((reasons & bit) != 0) names.push_back(name);
    reasons &= ~bit;
  }
  for (std::uint32_t bit = 1; reasons != 0; bit <<= 1) {
    if ((reasons & bit) != 0) names.push_back(fmt::format("bit_{}", std::countr_zero(bit)));
    reasons &= ~bit;
  }
  return names;
}

Json incompatible_json(const std::vector<engine::DeviceIncompatibility>& entries) {
  Json out = Json::array();
  for (const auto& e : entries) {
    out.push_back({{"ep", e.ep_name},
                   {"device", e.device_type},
                   {"vendor", e.vendor},
                   {"vendor_id", e.vendor_id},
                   {"device_id", e.device_id},
                   {"reasons", reason_names(e.reasons)},
                   {"error_code", e.error_code},
                   {"notes", e.notes},
                   {"error", e.query_error.empty() ? Json(nullptr) : Json(e.query_error)}});
  }
  return out;
}

// One cell: the reasons, the EP's code and its notes, or what kept ONNX Runtime from answering.
std::string why_text(const Json& entry) {
  if (!entry["error"].is_null()) return "ONNX Runtime could not say: " + printable(entry["error"].get<std::string>());
  std::string why;
  for (const auto& reason : entry["reasons"]) why += (why.empty() ? "" : ", ") + reason.get<std::string>();
  if (why.empty()) why = "no reason given";
  if (entry["error_code"].get<std::int32_t>() != 0) why += fmt::format(" (code {})", entry["error_code"].get<int>());
  if (!entry["notes"].get<std::string>().empty()) why += ": " + printable(entry["notes"].get<std::string>());
  return why;
}

}  // namespace

Json sys_document(const perf::MachineInfo& machine) {
  const Json host = {{"cpu_model", machine.cpu_model},
                     {"logical_cores", machine.logical_cores},
                     {"physical_cores", machine.physical_cores},
                     {"memory_total_bytes", machine.memory_total_bytes},
                     {"os", machine.os},
                     {"kernel", machine.kernel},
                     {"arch", machine.arch},
                     {"power", json_fields::power(machine.power)}};
  return {{"schema_version", kSysSchemaVersion},
          {"host", host},
          {"versions", {{"winml", machine.winml_version}, {"winml_commit", machine.winml_commit}}}};
}

void add_sys_engine_sections(Json& doc, const SysEngineFacts& facts) {
  doc["versions"]["onnxruntime"] = facts.versions.onnxruntime;
  doc["versions"]["genai"] = facts.versions.genai;
  ep::FixedEpDiscovery snapshot(facts.available_providers, facts.ep_devices);
  ep::DeviceEpMap available = ep::discover_device_eps(snapshot);
  Json devices = Json::array();
  for (const auto& device : ep::device_names()) {  // the order `auto` prefers
    Json listed = Json::array();
    for (const auto& canonical : available[device]) {
      const ep::EpInfo& info = ep::require_ep(canonical);
      listed.push_back({{"priority", listed.size() + 1},
                        {"name", info.canonical},
                        {"alias", info.alias},
                        {"primary_device", ep::primary_device(info) == device},
                        {"epcontext", info.epcontext}});
    }
    devices.push_back({{"device", device}, {"eps", listed}});
  }
  doc["devices"] = devices;
  doc["available_providers"] = snapshot.available_providers();
  Json ep_devices = Json::array();
  for (const auto& device : snapshot.ep_devices()) {
    ep_devices.push_back({{"ep", device.ep_name}, {"device", device.device_type}, {"vendor", device.vendor}});
  }
  doc["ep_devices"] = ep_devices;
  doc["incompatible"] = incompatible_json(facts.incompatible);
  Json libraries = Json::array();
  for (const auto& library : facts.libraries) libraries.push_back({{"name", library.name}, {"path", library.path}});
  doc["ep_libraries"] = libraries;
}

std::string sys_text(const Json& doc, bool color) {
  using text::Table;
  auto style = text::Style::make(color);
  std::string out = fmt::format("{}Host{}\n", style.bold, style.reset);
  const Json& host = doc["host"];
  Table facts({}, false);
  facts.add_row({"CPU", host["cpu_model"].get<std::string>()});
  facts.add_row(
      {"Cores", text::cores_text(host["logical_cores"].get<unsigned>(), host["physical_cores"].get<unsigned>())});
  facts.add_row({"Memory", text::bytes(host["memory_total_bytes"].get<std::uint64_t>())});
  facts.add_row({"OS", fmt::format("{} ({} {})", host["os"].get<std::string>(), host["kernel"].get<std::string>(),
                                   host["arch"].get<std::string>())});
  if (host.contains("power")) facts.add_row({"Power", text::power_text(host["power"])});
  const Json& versions = doc["versions"];
  facts.add_row({"winml", versions["winml"].get<std::string>()});
  if (versions.contains("onnxruntime")) {
    facts.add_row({"ONNX Runtime", versions["onnxruntime"].get<std::string>()});
    facts.add_row({"GenAI", versions["genai"].get<std::string>()});
  }
  out += facts.render(style, 2);
  if (doc.contains("bandwidth")) out += "\n" + bandwidth_text(doc["bandwidth"], style);
  if (!doc.contains("devices")) return out;

  out += fmt::format("\n{}Devices and execution providers{} (priority order; `auto` prefers npu > gpu > cpu)\n",
                     style.bold, style.reset);
  Table devices({"DEVICE", "PRIORITY", "EP", "ALIAS", "PRIMARY", "EPCONTEXT"}, false);
  for (const auto& device : doc["devices"]) {
    const std::string name = device["device"].get<std::string>();
    if (device["eps"].empty()) devices.add_row({name, "-", "(none available)"});
    for (const auto& ep : device["eps"]) {
      devices.add_row({name, std::to_string(ep["priority"].get<int>()), ep["name"].get<std::string>(),
                       ep["alias"].get<std::string>(), ep["primary_device"].get<bool>() ? "yes" : "no",
                       ep["epcontext"].get<bool>() ? "yes" : "no"});
    }
  }
  out += devices.render(style, 2);

  if (doc.contains("incompatible") && !doc["incompatible"].empty()) {
    out += fmt::format("\n{}Devices an EP cannot use{} (as the EP tells ONNX Runtime)\n", style.bold, style.reset);
    Table refused({"EP", "DEVICE", "VENDOR", "WHY"}, false);
    for (const auto& entry : doc["incompatible"]) {
      refused.add_row({printable(entry["ep"].get<std::string>()), entry["device"].get<std::string>(),
                       printable(entry["vendor"].get<std::string>()), why_text(entry)});
    }
    out += refused.render(style, 2);
  }

  out += fmt::format("\n{}Plugin EP libraries{}\n", style.bold, style.reset);
  if (doc["ep_libraries"].empty()) {
    out += "  (none; register one with --ep-library NAME=PATH or WINML_EP_LIBRARIES=NAME=PATH;...)\n";
  }
  for (const auto& library : doc["ep_libraries"]) {
    out += fmt::format("  {} = {}\n", printable(library["name"].get<std::string>()),
                       printable(library["path"].get<std::string>()));
  }
  return out;
}

}  // namespace winml::report
