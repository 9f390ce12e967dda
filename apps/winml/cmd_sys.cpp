// `winml sys`: what this machine offers winml: host facts, library versions, and the execution
// providers available per device in priority order, as a table or as JSON (-f json, on stdout).
// With --bandwidth it also measures the memory bandwidth (about 2 s; progress on stderr).

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "command_registry.h"
#include "console_output.h"
#include "engine/engine_loader.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "machine/bandwidth_probe.h"
#include "machine/machine_info.h"
#include "report/bandwidth_report.h"
#include "report/text_table.h"
#include "report/text_units.h"
#include "report/threads_text.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

using Json = nlohmann::ordered_json;

/// Version of the JSON document `winml sys -f json` prints.
constexpr int kSysSchemaVersion = 1;

struct SysOptions {
  std::string format = "text";
  bool bandwidth = false;
  std::vector<std::string> ep_libraries;
  OutputOptions output;
};

Json host_section(const perf::MachineInfo& machine) {
  return {{"cpu_model", machine.cpu_model},
          {"logical_cores", machine.logical_cores},
          {"physical_cores", machine.physical_cores},
          {"memory_total_bytes", machine.memory_total_bytes},
          {"os", machine.os},
          {"kernel", machine.kernel},
          {"arch", machine.arch}};
}

// Devices with their available EPs (priority order), what ONNX Runtime reported verbatim, and the
// plugin EP libraries registered first.
void add_engine_sections(Json& doc, const std::vector<std::string>& ep_libraries) {
  const std::vector<ep::PluginLibrary> registered = register_ep_libraries(ep_libraries);
  engine::Engine& engine = engine::get();
  engine::Versions versions = engine.versions();
  doc["versions"]["onnxruntime"] = versions.onnxruntime;
  doc["versions"]["genai"] = versions.genai;
  ep::FixedEpDiscovery snapshot(engine.available_providers(), engine.ep_devices());
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
  Json libraries = Json::array();
  for (const auto& library : registered) libraries.push_back({{"name", library.name}, {"path", library.path}});
  doc["ep_libraries"] = libraries;
}

std::string render_text(const Json& doc, bool color) {
  using report::text::Table;
  auto style = report::text::Style::make(color);
  std::string out = fmt::format("{}Host{}\n", style.bold, style.reset);
  const Json& host = doc["host"];
  Table facts({}, false);
  facts.add_row({"CPU", host["cpu_model"].get<std::string>()});
  facts.add_row({"Cores", report::text::cores_text(host["logical_cores"].get<unsigned>(),
                                                   host["physical_cores"].get<unsigned>())});
  facts.add_row({"Memory", report::text::bytes(host["memory_total_bytes"].get<std::uint64_t>())});
  facts.add_row({"OS", fmt::format("{} ({} {})", host["os"].get<std::string>(), host["kernel"].get<std::string>(),
                                   host["arch"].get<std::string>())});
  const Json& versions = doc["versions"];
  facts.add_row({"winml", versions["winml"].get<std::string>()});
  if (versions.contains("onnxruntime")) {
    facts.add_row({"ONNX Runtime", versions["onnxruntime"].get<std::string>()});
    facts.add_row({"GenAI", versions["genai"].get<std::string>()});
  }
  out += facts.render(style, 2);
  if (doc.contains("bandwidth")) out += "\n" + report::bandwidth_text(doc["bandwidth"], style);
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

void print(const Json& doc, const SysOptions& options) {
  // A library path need not be valid UTF-8 (U+FFFD replaces a bad byte); C1 controls in an EP's
  // names are \u escapes (printable_json).
  std::string text = options.format == "json"
                         ? printable_json(doc.dump(2, ' ', false, Json::error_handler_t::replace)) + "\n"
                         : render_text(doc, options.output.color_stdout());
  write_stdout(text);
}

void run_sys(const SysOptions& options) {
  perf::MachineInfo machine = perf::collect_machine_info();
  Json doc = {{"schema_version", kSysSchemaVersion},
              {"host", host_section(machine)},
              {"versions", {{"winml", machine.winml_version}, {"winml_commit", machine.winml_commit}}}};
  if (options.bandwidth) {
    // Before the engine loads, so its threads and memory do not share the machine with the probe.
    if (options.output.verbosity >= 0) {
      std::fprintf(stderr, "measuring memory bandwidth (about %.0f s)...\n", perf::kFullBandwidthProbeSeconds + 0.5);
    }
    doc["bandwidth"] = report::bandwidth_json(perf::measure_memory_bandwidth({}));
  }
  try {
    add_engine_sections(doc, options.ep_libraries);
  } catch (const GenaiNotInstalledError& e) {
    // Host facts are still worth showing; the error (exit 1) says what to install.
    doc["engine_error"] = e.what();
    print(doc, options);
    throw;
  }
  print(doc, options);
}

void setup_sys(CLI::App& parent) {
  auto options = std::make_shared<SysOptions>();
  auto* cmd = parent.add_subcommand("sys", "Show this machine's devices, execution providers and library versions");
  cmd->add_option("-f,--format", options->format, "Output format: text (a table) or json (schema_version 1)")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_val("text");
  cmd->add_flag("--bandwidth", options->bandwidth,
                "Also measure the memory bandwidth with every core (read stream and STREAM triad, about 2 s)");
  add_ep_library_flag(*cmd, options->ep_libraries);
  add_output_flags(*cmd, options->output);
  cmd->callback([options] { run_sys(*options); });
}

const CommandRegistrar sys_registrar("", "sys", 50, setup_sys);

}  // namespace
}  // namespace winml::cli
