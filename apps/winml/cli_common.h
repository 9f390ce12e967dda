#pragma once
/// \file
/// Flags and helpers shared by several subcommands.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ep/plugin_libraries.h"
#include "ep/resolution.h"

#include <CLI/CLI.hpp>

namespace winml::cli {

/// Output settings every command that prints accepts.
struct OutputOptions {
  int verbosity = 0;  ///< -v adds, -q subtracts
  bool no_color = false;
  /// True when colour may be used on stderr (a terminal, and neither --no-color nor NO_COLOR).
  bool color_stderr() const;
  /// True when colour may be used on stdout.
  bool color_stdout() const;
};

/// The check on every flag that takes a path (-m, -o, --html, --input-data, --prompt-file,
/// --ep-library, report arguments): an empty value names no file, so it is a usage error (exit 2)
/// naming the flag, never the default path, stdout or nothing. `example` is a value that would do,
/// for the message ("report.json").
CLI::Validator path_value(const std::string& example);

/// An existing file, or "-" for standard input (--prompt-file -).
CLI::Validator existing_file_or_stdin();

/// Whether a command loads ONNX Runtime, whose log lines -v and -q also govern (engine_log.h).
enum class EngineLogs { routed, none };

/// Binds -v/--verbose, -q/--quiet and --no-color. Their help mentions ONNX Runtime's log lines
/// only on commands that load it (`engine_logs`).
void add_output_flags(CLI::App& app, OutputOptions& options, EngineLogs engine_logs = EngineLogs::routed);

/// Binds the repeatable --ep-library NAME=PATH (plugin EP libraries).
void add_ep_library_flag(CLI::App& app, std::vector<std::string>& libraries);

/// Adds --allow-custom-ops: let the bundle's genai_config.json load native libraries
/// (custom_ops_library, EP plugin or backend paths); refused by default (see native_code.h).
void add_allow_custom_ops_flag(CLI::App& app, bool& allow);

/// Adds --no-cpu-fallback: sessions on an accelerator EP refuse to place nodes on the CPU
/// (ONNX Runtime's session.disable_cpu_ep_fallback); stages routed to the CPU keep running there.
void add_no_cpu_fallback_flag(CLI::App& app, bool& refuse);

/// Adds --ep-all-stages: route every stage of the bundle to --ep, CPU stages (embeddings, lm_head)
/// included; by default only the stages the bundle routes to a hardware EP follow --ep
/// (EpChoice::with_all_stages).
void add_ep_all_stages_flag(CLI::App& app, bool& all_stages);

/// Binds --threads N (1 to kMaxThreads): intra-op threads of every session the command creates.
void add_threads_flag(CLI::App& app, std::optional<int>& threads);

/// Binds --compile-jobs N (1 to kMaxCompileJobs): stages compiled at once, each in its own worker;
/// left at 0 (auto) when not given.
void add_compile_jobs_flag(CLI::App& app, unsigned& jobs);

/// ep::register_requested_libraries with the compile worker as the probing child: registers the
/// plugin EP libraries of --ep-library and WINML_EP_LIBRARIES and returns them. Loads the engine
/// only when there is one.
std::vector<ep::PluginLibrary> register_ep_libraries(const std::vector<std::string>& from_flags);

/// ep::choose_named_ep registering `ep_libraries` as register_ep_libraries does (compile, bundle
/// derive).
EpChoice choose_named_ep(const std::string& ep, const std::string& device,
                         const std::vector<std::string>& ep_libraries);

/// Long names of the flags given on `cmd`'s command line, spelled "--shape".
std::set<std::string> given_flags(const CLI::App& cmd);

/// Warns once about those of `flags` that are in `given`: they have no effect without
/// `enabling_flag` (call it when that flag is off), e.g. --top-k without --do-sample.
void warn_flags_needing(const std::set<std::string>& given, const std::vector<std::string>& flags,
                        const std::string& enabling_flag, const OutputOptions& output);

/// Prints "warning: ..." on stderr (yellow on a terminal), made printable (util/printable.h).
void warn(const std::string& message, const OutputOptions& output);

/// Prints a status line ("report written to PATH") on stderr, made printable: the paths and names
/// it repeats came from the command line or from files.
void note(const std::string& message);

}  // namespace winml::cli
