// `winml bundle derive`: writes a derived bundle whose genai_config.json routes the hardware
// stages (with --ep-all-stages every stage) to another EP, without loading it and without needing that EP here (prepare
// a bundle on one machine for a device on another). Only a plugin EP library (--ep-library) loads the engine, to learn
// its EP. The routing table goes to stdout, warnings to stderr.

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bundle/derived_bundle.h"
#include "bundle/ep_override.h"
#include "bundle/genai_config.h"
#include "bundle/stage_list.h"
#include "cli_common.h"
#include "command_registry.h"
#include "console_output.h"
#include "ep/catalog.h"
#include "report/routing_table.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

namespace fs = std::filesystem;

struct DeriveOptions {
  std::string model;
  std::string ep;
  std::string device;
  std::string out;
  bool overwrite = false;
  bool all_stages = false;
  std::vector<std::string> ep_libraries;
  OutputOptions output;
};

void require_output_folder(const fs::path& out, bool overwrite) {
  if (!fs::exists(out)) return;
  if (!fs::is_directory(out)) {
    throw UsageError("-o " + out.string() + " exists and is not a folder; choose a folder for the derived bundle.");
  }
  if (!fs::is_empty(out) && !overwrite) {
    throw UsageError("-o " + out.string() +
                     " already exists and is not empty; pass --overwrite to update it, or choose another folder.");
  }
}

void run_derive(const DeriveOptions& options) {
  // Derive always forces an EP: `config` or an unknown name is refused with the valid ones. Only a
  // plugin EP library (--ep-library) loads the engine.
  EpChoice choice = choose_named_ep(options.ep, options.device, options.ep_libraries);
  if (options.all_stages) choice = choice.with_all_stages();
  bundle::GenaiConfig config = bundle::load_genai_config(options.model);
  bundle::OverrideResult result = bundle::override_bundle_ep(config.json, choice);
  require_output_folder(options.out, options.overwrite);
  bundle::write_derived_bundle(config.bundle_dir, result.config, options.out);

  std::string text =
      report::routing_table(config.stages, bundle::list_stages(result.config), options.output.color_stdout());
  text += fmt::format("derived bundle written to {} (ep: {})\n", options.out, result.effective_ep);
  write_stdout(text);
  for (const auto& warning : result.warnings) warn(warning, options.output);
}

void setup_derive(CLI::App& parent) {
  auto options = std::make_shared<DeriveOptions>();
  auto* cmd = parent.add_subcommand(
      "derive",
      "Write a copy of a bundle (links + patched genai_config.json) routed to another EP, without loading it");
  cmd->add_option("-m,--model", options->model, "GenAI bundle folder (contains genai_config.json)")
      ->required()
      ->check(path_value("-m path/to/bundle"))
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--ep", options->ep,
                  "EP to route the bundle's hardware stages to (cpu strips them; --ep-all-stages: every stage)")
      ->required();
  add_ep_all_stages_flag(*cmd, options->all_stages);
  cmd->add_option("-d,--device", options->device,
                  "npu, gpu or cpu: device_type for OpenVINO/VitisAI (default: the EP's primary device)")
      ->check(CLI::IsMember({"npu", "gpu", "cpu"}, CLI::ignore_case));
  cmd->add_option("-o,--output", options->out, "Folder to write the derived bundle to")
      ->required()
      ->check(path_value("-o derived-bundle"));
  cmd->add_flag("--overwrite", options->overwrite, "Update an existing, non-empty output folder");
  add_ep_library_flag(*cmd, options->ep_libraries);
  add_output_flags(*cmd, options->output);
  cmd->callback([options] { run_derive(*options); });
}

const CommandRegistrar bundle_derive_registrar("bundle", "derive", 20, setup_derive);

}  // namespace
}  // namespace winml::cli
