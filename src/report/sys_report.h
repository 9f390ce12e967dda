#pragma once
/// \file
/// What `winml sys` prints: one JSON document (-f json, schema_version kSysSchemaVersion) built
/// from the machine's facts and what the loaded engine says about its EPs, and the tables the text
/// format renders from that same document, so both formats show the same facts.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "ep/plugin_libraries.h"
#include "machine/machine_info.h"

namespace winml::report {

/// Version of the JSON document `winml sys -f json` prints.
inline constexpr int kSysSchemaVersion = 1;

/// What the loaded engine reports, read after the plugin EP libraries were registered.
struct SysEngineFacts {
  engine::Versions versions;                                ///< ONNX Runtime's and GenAI's versions
  std::vector<std::string> available_providers;             ///< built-in providers, as ONNX Runtime names them
  std::vector<engine::EpDevice> ep_devices;                 ///< EP devices, plugin EPs' included
  std::vector<engine::DeviceIncompatibility> incompatible;  ///< EP × hardware device pairs not listed, and why
  std::vector<ep::PluginLibrary> libraries;                 ///< the plugin EP libraries registered
};

/// The document's host part: {schema_version, host {cpu_model, logical_cores, physical_cores,
/// memory_total_bytes, os, kernel, arch, power {source, battery_percent, mode}}, versions {winml,
/// winml_commit}}.
nlohmann::ordered_json sys_document(const perf::MachineInfo& machine);

/// Adds the engine's part to `doc`: versions.onnxruntime and .genai; devices, each npu, gpu, cpu
/// (the order `auto` prefers) with its available EPs in priority order {priority, name, alias,
/// primary_device, epcontext}; available_providers and ep_devices {ep, device, vendor} verbatim;
/// incompatible: for each EP and hardware device ONNX Runtime found that the EP does not list, why
/// {ep, device, vendor, vendor_id, device_id, reasons (names of the reason bits), error_code,
/// notes, error (set when ONNX Runtime could not answer, else null)}; ep_libraries {name, path}.
void add_sys_engine_sections(nlohmann::ordered_json& doc, const SysEngineFacts& facts);

/// The text format: a Host table (with the bandwidth section when the document has one), then,
/// when the engine's part is there, the devices and EPs table, the EPs that cannot use a device
/// and why, and the plugin EP libraries. Names
/// and paths from libraries are made printable.
std::string sys_text(const nlohmann::ordered_json& doc, bool color);

}  // namespace winml::report
