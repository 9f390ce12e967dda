// `winml sys`: what this machine offers winml: host facts, library versions, and the execution
// providers available per device in priority order, as a table or as JSON (-f json, on stdout).
// With --bandwidth it also measures the memory bandwidth (about 2 s; progress on stderr).

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "command_registry.h"
#include "console_output.h"
#include "engine/engine_loader.h"
#include "machine/bandwidth_probe.h"
#include "machine/machine_info.h"
#include "report/bandwidth_report.h"
#include "report/sys_report.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

using Json = nlohmann::ordered_json;

struct SysOptions {
  std::string format = "text";
  bool bandwidth = false;
  std::vector<std::string> ep_libraries;
  OutputOptions output;
};

// Devices with their available EPs (priority order), what ONNX Runtime reported verbatim, and the
// plugin EP libraries registered first.
void add_engine_sections(Json& doc, const std::vector<std::string>& ep_libraries) {
  report::SysEngineFacts facts;
  facts.libraries = register_ep_libraries(ep_libraries);
  engine::Engine& engine = engine::get();
  facts.versions = engine.versions();
  facts.available_providers = engine.available_providers();
  facts.ep_devices = engine.ep_devices();
  facts.incompatible = engine.device_incompatibilities();
  report::add_sys_engine_sections(doc, facts);
}

void print(const Json& doc, const SysOptions& options) {
  // A library path need not be valid UTF-8 (U+FFFD replaces a bad byte); C1 controls in an EP's
  // names are \u escapes (printable_json).
  std::string text = options.format == "json"
                         ? printable_json(doc.dump(2, ' ', false, Json::error_handler_t::replace)) + "\n"
                         : report::sys_text(doc, options.output.color_stdout());
  write_stdout(text);
}

void run_sys(const SysOptions& options) {
  perf::MachineInfo machine = perf::collect_machine_info();
  Json doc = report::sys_document(machine);
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
