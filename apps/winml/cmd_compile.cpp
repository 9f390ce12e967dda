// `winml compile`: EPContext pre-compilation of a bundle's stages or of one ONNX file, on its own.

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli_common.h"
#include "command_registry.h"
#include "compile/file_compiler.h"
#include "engine/engine_loader.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "ep/ort_providers.h"
#include "number_flags.h"
#include "platform/file_kind.h"
#include "platform/utf8_path.h"
#include "report/compile_text.h"
#include "session/artifact_compatibility.h"
#include "session/bundle_check.h"
#include "session/ep_availability.h"
#include "session/load_folder.h"
#include "session/placement.h"
#include "session/placement_probe.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

namespace fs = std::filesystem;

struct CompileOptions {
  std::string model;
  std::string ep;
  std::string device;
  bool embed = false;
  std::string output;
  bool overwrite = false;
  double timeout_s = 300;
  unsigned jobs = 0;  ///< --compile-jobs; 0 = auto
  std::vector<std::string> ep_libraries;
  bool allow_custom_ops = false;
  bool no_cpu_fallback = false;
  bool ep_all_stages = false;
  OutputOptions out;
};

// `compat` is ONNX Runtime's verdict on the EPContext model the stage runs from ("-": none checked).
void print_stages(const std::vector<StagePreparation>& stages) {
  std::fputs(report::text::compile_stages_text(stages).c_str(), stdout);
}

// An EP this machine lacks compiles nothing: the output would be plain copies that run on the CPU.
// Refused as perf and generate refuse it, naming what the machine has; after the model checks, so
// a bad model is named first.
void require_ep_on_this_machine(const EpChoice& choice) {
  ep::EngineEpDiscovery discovery;
  session::require_ep_available(choice, discovery);
}

// --no-cpu-fallback: the compiled stages routed to an accelerator, each opened as GenAI will open it,
// must leave no node to the CPU; else the refusal names them (exit 1).
void require_no_cpu_fallback(const std::vector<StagePlacement>& stages) {
  std::vector<StagePlacement> refused;
  for (const auto& stage : stages) {
    if (!stage.error.empty()) throw GenaiLoadError("stage " + stage.stage + " cannot be opened: " + stage.error);
    if (stage.accelerated() && !stage.cpu_fallback.empty()) refused.push_back(stage);
  }
  if (!refused.empty()) throw GenaiLoadError(session::cpu_fallback_refusal(refused));
}

void compile_bundle(const CompileOptions& options, const EpChoice& choice) {
  auto facts = session::check_bundle(options.model, options.allow_custom_ops);
  session::LoadRequest request;
  request.ep = choice;
  request.compile = true;
  request.compile_timeout_s = options.timeout_s;
  request.compile_jobs = options.jobs;
  request.no_cpu_fallback = options.no_cpu_fallback;
  request.compiler_id = session::engine_compiler_id(engine::get());
  request.check = session::engine_compatibility_check(engine::get());
  session::LoadTarget target;
  target.embed = options.embed;
  target.compiled_only = true;
  if (!options.output.empty()) {
    target.out_dir = options.output;
    if (fs::exists(target.out_dir) && !fs::is_empty(target.out_dir) && !options.overwrite &&
        !fs::exists(target.out_dir / "genai_config.json")) {
      throw UsageError(options.output + " exists and is not a derived bundle. Pass --overwrite or another -o folder.");
    }
  }
  require_ep_on_this_machine(choice);
  auto prepared = session::prepare_load_folder(facts.config, request, target);
  for (const auto& warning : prepared.warnings) warn(warning, options.out);
  if (options.no_cpu_fallback) {
    require_no_cpu_fallback(session::probe_bundle_placement(engine::get(), prepared.load_dir, steady_clock_seconds()));
  }
  print_stages(prepared.stages);
  if (prepared.compile)
    std::fprintf(stdout, "compile: %s\n", report::text::compile_timing_text(*prepared.compile).c_str());
  if (prepared.load_dir == facts.config.bundle_dir) {
    // Nothing to compile: a derived bundle would only re-route the config, which `bundle derive` does.
    std::string message = "nothing compiled, so nothing was written (no _compiled/ folder)";
    if (prepared.effective_ep != "config" && prepared.effective_ep != "cpu") {
      message +=
          fmt::format("; a copy of the bundle routed to {} is what winml bundle derive -m {} --ep {} -o DIR writes",
                      prepared.effective_ep, options.model, options.ep);
    }
    note(message + ".");
    return;
  }
  note(fmt::format("derived bundle: {} (ep {})", platform::utf8_string(prepared.load_dir), prepared.effective_ep));
}

void compile_onnx(const CompileOptions& options, const EpChoice& choice) {
  if (options.jobs != 0) warn("--compile-jobs has no effect on a single .onnx file: it is one compile", options.out);
  if (!options.output.empty() && platform::file_kind(options.output) == platform::FileKind::directory) {
    throw UsageError("-o " + options.output + " is a folder; give the path of the compiled .onnx file, e.g. -o " +
                     (fs::path(options.output) / "model_ctx.onnx").string());
  }
  compile::FileCompileJob job;
  job.source = options.model;
  job.output = options.output;
  job.target = choice;
  job.require_target = [&choice] { require_ep_on_this_machine(choice); };
  job.embed = options.embed;
  job.timeout_s = options.timeout_s;
  job.overwrite = options.overwrite;
  job.compiler_id = session::engine_compiler_id(engine::get());
  job.check = session::engine_compatibility_check(engine::get());
  job.warn = [&options](const std::string& message) { warn(message, options.out); };
  if (options.out.verbosity >= 0) job.progress = [](const std::string& message) { note(message); };
  auto result = compile::compile_file(job);
  if (options.no_cpu_fallback) {
    engine::SessionSpec spec;
    spec.model_path = platform::utf8_string(result.artifact.empty() ? fs::path(options.model) : result.artifact);
    spec.providers = ep::ort_providers(choice);
    auto session = engine::get().create_onnx_session(spec);
    require_no_cpu_fallback({session::session_placement(*session, result.stage, spec)});
  }
  print_stages({{result.stage, result.ep, std::string(compile::to_string(result.action)), result.seconds, result.detail,
                 std::string(compile::to_string(result.compatibility))}});
  if (!result.artifact.empty()) note("compiled model: " + platform::utf8_string(result.artifact));
}

// -o names a folder (bundle) or a file (.onnx); a device node, FIFO or socket is neither, and is
// never replaced, whatever --overwrite says (as root it could be /dev/null).
void refuse_special_output(const std::string& output) {
  if (!output.empty() && platform::file_kind(output) == platform::FileKind::special) {
    throw UsageError("-o " + output + " is a device, FIFO or socket; winml never writes there, not even with " +
                     "--overwrite. Give a folder (bundle) or an .onnx path.");
  }
}

void run_compile(const CompileOptions& options) {
  if (options.ep.empty()) throw UsageError("give the EP to compile for with --ep (e.g. --ep qnn).");
  refuse_special_output(options.output);
  // Resolved once: unknown names and devices the EP does not target fail here with the valid ones.
  EpChoice choice = choose_named_ep(options.ep, options.device, options.ep_libraries);
  if (options.ep_all_stages) choice = choice.with_all_stages();
  if (options.no_cpu_fallback && choice.info() != nullptr && ep::is_cpu(*choice.info())) {
    throw UsageError(session::kNoCpuFallbackOnCpu);
  }
  if (fs::is_directory(options.model)) {
    compile_bundle(options, choice);
  } else if (fs::path(options.model).extension() == ".onnx") {
    compile_onnx(options, choice);
  } else {
    throw UsageError("'" + options.model + "' is neither a bundle folder nor an .onnx file.");
  }
}

void setup_compile(CLI::App& parent) {
  auto options = std::make_shared<CompileOptions>();
  auto* cmd = parent.add_subcommand("compile", "Pre-compile a bundle's stages (or one ONNX file) to EPContext models");
  cmd->add_option("-m,--model", options->model, "GenAI bundle folder or .onnx file")
      ->required()
      ->check(path_value("-m path/to/bundle"))
      ->check(CLI::ExistingPath);
  cmd->add_option("--ep", options->ep, "EP to compile for (name or alias)")->required();
  cmd->add_option("-d,--device", options->device, "npu, gpu or cpu (default: the EP's primary device)");
  add_ep_all_stages_flag(*cmd, options->ep_all_stages);
  cmd->add_flag("--embed", options->embed, "Embed the context binary in the compiled ONNX file");
  cmd->add_option("-o,--output", options->output,
                  "Output: derived bundle folder (default <bundle>/_compiled) or compiled .onnx path (default "
                  "<model folder>/<model>_compiled/<model>_<ep>_ctx.onnx)")
      ->check(path_value("-o compiled-bundle, or leave -o out for the default"));
  cmd->add_flag("--overwrite", options->overwrite, "Replace an existing output");
  cmd->add_option("--compile-timeout", options->timeout_s, "Seconds allowed per stage")
      ->type_name("SECONDS")
      ->default_val(300)
      ->check(number_in(0, kMaxCompileTimeoutS, /*min_exclusive=*/true));
  add_compile_jobs_flag(*cmd, options->jobs);
  add_ep_library_flag(*cmd, options->ep_libraries);
  add_allow_custom_ops_flag(*cmd, options->allow_custom_ops);
  add_no_cpu_fallback_flag(*cmd, options->no_cpu_fallback);
  add_output_flags(*cmd, options->out);
  cmd->callback([options] { run_compile(*options); });
}

const CommandRegistrar compile_registrar("", "compile", 40, setup_compile);

}  // namespace
}  // namespace winml::cli
