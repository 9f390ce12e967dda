#include "cli_common.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>

#include "compile/worker_path.h"
#include "console_hooks.h"
#include "engine_log.h"
#include "ep/ep_selection.h"
#include "ep/library_registration.h"
#include "number_flags.h"
#include "platform/environment.h"
#include "platform/terminal.h"
#include "storage/cache_root.h"
#include "util/plural.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

bool colour_allowed(platform::StandardStream stream, bool no_color) {
  if (no_color) return false;
  if (platform::environment_variable("NO_COLOR")) return false;
  return platform::is_terminal(stream) && platform::enable_colour(stream);
}

}  // namespace

bool OutputOptions::color_stderr() const { return colour_allowed(platform::StandardStream::error, no_color); }
bool OutputOptions::color_stdout() const { return colour_allowed(platform::StandardStream::output, no_color); }

CLI::Validator path_value(const std::string& example) {
  return CLI::Validator(
      [example](const std::string& text) -> std::string {
        if (!text.empty()) return {};
        // CLI11 puts the flag's name in front.
        return "an empty path names no file: give one, e.g. " + example;
      },
      "PATH");
}

CLI::Validator existing_file_or_stdin() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "-") return {};
        return CLI::ExistingFile(text);
      },
      "FILE|-");
}

void add_output_flags(CLI::App& app, OutputOptions& options, EngineLogs engine_logs) {
  const bool routed = engine_logs == EngineLogs::routed;
  // Engine log lines follow the verbosity (engine_log.h); nothing is loaded yet while parsing.
  app.add_flag_function(
         "-v,--verbose",
         [&options](std::int64_t count) {
           options.verbosity += static_cast<int>(count);
           route_engine_logs(options.verbosity);
         },
         routed ? "More detail on stderr (repeatable; -v adds ONNX Runtime's error lines, -vv its info, -vvv its "
                  "verbose log)"
                : "More detail on stderr (repeatable)")
      // A count takes no value: CLI11 would throw std::invalid_argument out of parse for
      // --verbose=text (found by cli_args_fuzzer); refused as a usage error instead.
      ->disable_flag_override();
  app.add_flag_function(
         "-q,--quiet",
         [&options](std::int64_t count) {
           options.verbosity -= static_cast<int>(count);
           route_engine_logs(options.verbosity);
         },
         routed ? "Less output on stderr: no progress, no ONNX Runtime warnings"
                : "Less output on stderr: no status lines")
      ->disable_flag_override();
  app.add_flag("--no-color", options.no_color, "Never colour the output (colour is used only on a terminal)");
}

void add_ep_library_flag(CLI::App& app, std::vector<std::string>& libraries) {
  app.add_option("--ep-library", libraries,
                 "Register a plugin EP library, NAME=PATH (repeatable; also WINML_EP_LIBRARIES=NAME=PATH;...)")
      ->type_name("NAME=PATH")
      ->check(path_value("--ep-library QNNExecutionProvider=/opt/qnn/libonnxruntime_providers_qnn.so"));
}

void add_allow_custom_ops_flag(CLI::App& app, bool& allow) {
  app.add_flag("--allow-custom-ops", allow,
               "Let the bundle's genai_config.json load native libraries it names (custom_ops_library, EP "
               "plugin/backend paths). Refused by default: that code runs in winml. Only for bundles you trust");
}

void add_no_cpu_fallback_flag(CLI::App& app, bool& refuse) {
  app.add_flag("--no-cpu-fallback", refuse,
               "Fail instead of running on the CPU the nodes an accelerator EP does not take (every session on an "
               "accelerator; stages the bundle routes to the CPU stay there); the error names the nodes");
}

void add_ep_all_stages_flag(CLI::App& app, bool& all_stages) {
  app.add_flag("--ep-all-stages", all_stages,
               "Route every stage of the bundle to --ep, CPU stages (embeddings, lm_head) included; by default only "
               "the stages the bundle routes to a hardware EP follow --ep, so a CPU bundle stays on the CPU");
}

void add_threads_flag(CLI::App& app, std::optional<int>& threads) {
  app.add_option("--threads", threads,
                 "Intra-op threads of every session (every stage of a bundle); default: the bundle's setting, else "
                 "the runtime's default")
      ->transform(integer_in(1, kMaxThreads));
}

void add_compile_jobs_flag(CLI::App& app, unsigned& jobs) {
  app.add_option("--compile-jobs", jobs,
                 "Stages compiled at once, each in its own worker with its own --compile-timeout (default: as many "
                 "as the stages to compile, the physical cores and the available memory allow)")
      ->type_name("N")
      ->transform(integer_in(1, kMaxCompileJobs));
}

std::vector<ep::PluginLibrary> register_ep_libraries(const std::vector<std::string>& from_flags) {
  // The compile worker is the child that probes each library (ep/plugin_probe.h).
  return ep::register_requested_libraries(
      from_flags, {compile::default_worker_command(), storage::cache_root() / "ep-library-probes"});
}

EpChoice choose_named_ep(const std::string& ep, const std::string& device,
                         const std::vector<std::string>& ep_libraries) {
  return ep::choose_named_ep(ep, device, [&ep_libraries] { register_ep_libraries(ep_libraries); });
}

std::set<std::string> given_flags(const CLI::App& cmd) {
  std::set<std::string> given;
  for (const CLI::Option* option : cmd.get_options()) {
    if (option->count() == 0) continue;
    for (const auto& name : option->get_lnames()) given.insert("--" + name);
  }
  return given;
}

void warn_flags_needing(const std::set<std::string>& given, const std::vector<std::string>& flags,
                        const std::string& enabling_flag, const OutputOptions& output) {
  std::vector<std::string> inert;
  for (const auto& flag : flags) {
    if (given.count(flag) != 0) inert.push_back(flag);
  }
  if (inert.empty()) return;
  const std::string list = fmt::format("{}", fmt::join(inert, ", "));
  warn(fmt::format("{} {} no effect without {}: add {} or drop {}", list, agree(inert.size(), "has", "have"),
                   enabling_flag, enabling_flag, agree(inert.size(), "it", "them")),
       output);
}

void warn(const std::string& message, const OutputOptions& output) {
  // A warning may repeat what came from a file (a report's fields, a bundle's config).
  if (const ConsoleHooks* hooks = console_hooks(); hooks && hooks->warning) {
    hooks->warning(message);  // a host shows it as its own (Python: a warning), unescaped
    return;
  }
  const std::string text = printable_message(message);
  if (output.color_stderr()) {
    std::fprintf(stderr, "\033[33mwarning:\033[0m %s\n", text.c_str());
  } else {
    std::fprintf(stderr, "warning: %s\n", text.c_str());
  }
}

void note(const std::string& message) {
  if (const ConsoleHooks* hooks = console_hooks(); hooks && hooks->status) {
    hooks->status(message);
    return;
  }
  std::fprintf(stderr, "%s\n", printable_message(message).c_str());
}

}  // namespace winml::cli
