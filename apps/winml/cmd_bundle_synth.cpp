// `winml bundle synth`: writes a random-weight Llama-style GenAI bundle (plain or decoder-pipeline)
// for tests and scaling studies. A preset gives the starting shape; explicit flags override it.
// Progress lines (report/synth_progress_reporter.h), then one summary line, go to stderr. With --ep
// the written bundle is routed to that EP (bundle::route_new_bundle) like a hardware bundle: the
// decoder, or ctx and iter, on the EP; --ep-all-stages puts embeddings and lm_head there too.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bundle/ep_override.h"
#include "bundle/genai_config.h"
#include "cli_common.h"
#include "command_registry.h"
#include "number_flags.h"
#include "onnx_io/onnx_io_loader.h"
#include "platform/atomic_file.h"
#include "report/synth_progress_reporter.h"
#include "synth/bpe_vocab.h"
#include "synth/synth_options.h"
#include "util/plural.h"
#include "winml/genai_session.h"

namespace winml::cli {
namespace {

struct SynthFlags {
  std::string out;
  std::string preset = "tiny";
  std::string precision = "fp32";
  bool pipeline = false;
  bool no_chat_template = false;
  bool overwrite = false;
  std::string ep;
  std::string device;
  bool ep_all_stages = false;
  std::vector<std::string> ep_libraries;
  std::uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;
  // Shape flags: applied over the preset only when given on the command line.
  std::vector<std::pair<CLI::Option*, std::int64_t synth::SynthOptions::*>> shape;
  std::vector<std::int64_t> values = std::vector<std::int64_t>(8, 0);
  OutputOptions output;
};

std::string human_count(std::uint64_t n) {
  if (n >= 1000000000) return fmt::format("{:.2f} B", static_cast<double>(n) / 1e9);
  if (n >= 1000000) return fmt::format("{:.1f} M", static_cast<double>(n) / 1e6);
  if (n >= 1000) return fmt::format("{:.1f} K", static_cast<double>(n) / 1e3);
  return std::to_string(n);
}

std::string human_bytes(std::uint64_t n) {
  if (n >= (1ull << 30)) return fmt::format("{:.2f} GiB", static_cast<double>(n) / (1ull << 30));
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(n) / (1ull << 20));
  return fmt::format("{:.1f} KiB", static_cast<double>(n) / 1024.0);
}

synth::SynthOptions resolve(const SynthFlags& flags) {
  synth::SynthOptions options = synth::preset_named(flags.preset);
  for (std::size_t i = 0; i < flags.shape.size(); ++i) {
    if (flags.shape[i].first->count() > 0) options.*(flags.shape[i].second) = flags.values[i];
  }
  if (flags.seed_option->count() > 0) options.seed = flags.seed;
  options.precision = synth::parse_precision(flags.precision);
  options.pipeline = flags.pipeline;
  options.chat_template = !flags.no_chat_template;
  return options;
}

// The EP the bundle is written for, resolved before anything is written: a typo fails first. Only a
// plugin EP library (--ep-library) loads the engine.
EpChoice synth_ep(const SynthFlags& flags) {
  if (flags.ep.empty()) {
    if (flags.ep_all_stages || !flags.device.empty()) {
      throw UsageError("--ep-all-stages and --device route the bundle to an EP: pass --ep EP too.");
    }
    return {};
  }
  EpChoice choice = choose_named_ep(flags.ep, flags.device, flags.ep_libraries);
  return flags.ep_all_stages ? choice.with_all_stages() : choice;
}

// Rewrites the written genai_config.json so that the bundle runs on `choice` as written.
void route_written_bundle(const std::filesystem::path& directory, const EpChoice& choice, const OutputOptions& output) {
  bundle::GenaiConfig config = bundle::load_genai_config(directory);
  bundle::OverrideResult routed = bundle::route_new_bundle(config.json, choice);
  for (const auto& warning : routed.warnings) warn(warning, output);
  if (routed.changed) platform::write_file_atomically(directory / "genai_config.json", routed.config.dump(4) + "\n");
}

void run_synth(const SynthFlags& flags) {
  const synth::SynthOptions options = resolve(flags);
  const EpChoice choice = synth_ep(flags);
  // A large bundle takes seconds: its steps and the weights' progress go to stderr, unless quiet.
  synth::SynthProgress progress;
  if (flags.output.verbosity >= 0) {
    progress = [lines = std::make_shared<report::SynthProgressLines>(std::cerr, steady_clock_seconds())](
                   const synth::SynthProgressEvent& event) { (*lines)(event); };
  }
  const synth::SynthResult result = onnx_io::get().write_bundle(options, flags.out, flags.overwrite, progress);
  if (!choice.respects_bundle()) route_written_bundle(result.directory, choice, flags.output);
  if (flags.output.verbosity < 0) return;
  const std::string routing = choice.respects_bundle() ? ""
                                                       : fmt::format(", routed to {}{}", choice.ep_label(),
                                                                     choice.all_stages() ? " (every stage)" : "");
  note(fmt::format("wrote {} bundle to {}: {} parameters ({}, hidden {}, vocab {}, {}), {} on disk{}",
                   options.pipeline ? "decoder-pipeline" : "llama", result.directory.string(),
                   human_count(result.parameter_count), count_of(static_cast<std::size_t>(options.layers), "layer"),
                   options.hidden_size, options.vocab_size, synth::to_string(options.precision),
                   human_bytes(result.bytes_on_disk), routing));
}

void setup_synth(CLI::App& parent) {
  auto flags = std::make_shared<SynthFlags>();
  auto* cmd = parent.add_subcommand(
      "synth", "Write a random-weight Llama-style GenAI bundle (plain or decoder-pipeline) for tests and scaling");
  cmd->add_option("-o,--output", flags->out, "Folder to write the bundle to (created if missing)")
      ->required()
      ->check(path_value("-o tiny-bundle"));
  cmd->add_option("--preset", flags->preset,
                  "Starting shape: tiny (default; ~0.2 M parameters) or bench (~483 M, 1.9 GB of fp32 weights)")
      ->check(CLI::IsMember(synth::preset_names()));
  struct ShapeFlag {
    const char* name;
    const char* help;
    std::int64_t synth::SynthOptions::*member;
    std::int64_t min;
    std::int64_t max;
  };
  const std::vector<ShapeFlag> shape = {
      {"--layers", "Transformer layers", &synth::SynthOptions::layers, 1, synth::kMaxLayers},
      {"--hidden-size", "Model width (= heads x head size)", &synth::SynthOptions::hidden_size, synth::kMinHiddenSize,
       synth::kMaxWidth},
      {"--heads", "Query heads", &synth::SynthOptions::num_heads, 1, synth::kMaxWidth},
      {"--kv-heads", "Key/value heads (divides --heads)", &synth::SynthOptions::num_kv_heads, 1, synth::kMaxWidth},
      {"--head-size", "Width of one head (a multiple of 16)", &synth::SynthOptions::head_size, 1, synth::kMaxWidth},
      {"--intermediate-size", "SwiGLU MLP width", &synth::SynthOptions::intermediate_size, 1, synth::kMaxWidth},
      {"--vocab-size", "Vocabulary and logits width", &synth::SynthOptions::vocab_size, synth::kMinVocabSize,
       synth::kMaxVocab},
      {"--context-length", "Longest sequence (also search.max_length)", &synth::SynthOptions::context_length,
       synth::kMinContext, synth::kMaxContext},
  };
  const synth::SynthOptions tiny = synth::tiny_preset();
  const synth::SynthOptions bench = synth::bench_preset();
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const ShapeFlag& flag = shape[i];
    // The range synth::validate enforces, checked while parsing too so that --help can show it;
    // the relations between flags (heads x head size) are left to synth::validate.
    auto* option = cmd->add_option(flag.name, flags->values[i],
                                   fmt::format("{}; overrides the preset (tiny {}, bench {})", flag.help,
                                               tiny.*(flag.member), bench.*(flag.member)))
                       ->type_name("N")
                       ->transform(integer_in(flag.min, static_cast<std::uint64_t>(flag.max)));
    flags->shape.emplace_back(option, flag.member);
  }
  flags->seed_option =
      cmd->add_option("--seed", flags->seed, "Weight seed: the same seed gives the same bytes (default 0)")
          ->transform(integer_in(0, std::numeric_limits<std::uint64_t>::max()));
  cmd->add_option("--precision", flags->precision, "fp32 (MatMul) or int4 (MatMulNBits, blocks of 32)")
      ->check(CLI::IsMember({"fp32", "int4"}));
  cmd->add_flag("--pipeline", flags->pipeline,
                "Write a decoder-pipeline bundle: embeddings (CPU), ctx (prompt), iter (token generation), lm_head "
                "(CPU)");
  cmd->add_flag("--no-chat-template", flags->no_chat_template,
                "Leave chat_template out of tokenizer_config.json (raw prompts only)");
  cmd->add_flag("--overwrite", flags->overwrite, "Replace the bundle files in an existing, non-empty folder");
  cmd->add_option(
      "--ep", flags->ep,
      "Route the bundle to this EP (name or alias): the decoder, or ctx and iter, run on it; embeddings and "
      "lm_head stay on the CPU unless --ep-all-stages (default: every stage on the CPU)");
  cmd->add_option("-d,--device", flags->device,
                  "npu, gpu or cpu: the device of --ep (default: the EP's primary device)")
      ->check(CLI::IsMember({"npu", "gpu", "cpu"}, CLI::ignore_case));
  add_ep_all_stages_flag(*cmd, flags->ep_all_stages);
  add_ep_library_flag(*cmd, flags->ep_libraries);
  // Loads no ONNX Runtime, unless a plugin EP library (--ep-library) is registered for --ep.
  add_output_flags(*cmd, flags->output, EngineLogs::none);
  cmd->callback([flags] { run_synth(*flags); });
}

const CommandRegistrar bundle_synth_registrar("bundle", "synth", 10, setup_synth);

}  // namespace
}  // namespace winml::cli
