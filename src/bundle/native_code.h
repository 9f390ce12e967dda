#pragma once
/// \file
/// Options of genai_config.json that make ONNX Runtime or GenAI load a shared library, i.e. run
/// code a bundle brings with it. A bundle is data from strangers: winml refuses such options unless
/// the user passes --allow-custom-ops, before anything is loaded.
///
/// What counts (checked in every `session_options` object of the config, at any depth):
/// - `custom_ops_library`: always (GenAI resolves a bare name against the bundle folder);
/// - provider options that name a library the EP opens with the system loader (`backend_path`,
///   `qnn_ir_backend_path`, `qnn_saver_path`): a bare file name such as "libQnnHtp.so" is
///   allowed, because the loader looks it up in the system and ONNX Runtime folders, unless a file
///   of that name lies in the bundle folder or the working directory; a value with a directory
///   part always needs the flag;
/// - provider options that always name user code (`op_packages`, `trt_extra_plugin_lib_paths`,
///   `trt_engine_decryption_lib_path`) and any other option whose name speaks of a library or a
///   plugin ("librar", "lib_path", "plugin", "op_package"): always.

#include <filesystem>
#include <string>
#include <vector>

#include "bundle/genai_config.h"
#include "bundle/session_option_walk.h"

namespace winml::bundle {

/// One option that would load native code.
using NativeCodeOption = FoundOption;

/// How an option's value is judged.
enum class LibraryOptionKind {
  none,         ///< not a library option
  system_name,  ///< names a library; a bare file name found by the system loader is allowed
  always,       ///< names user code whatever the value
};

/// The kind of a session or provider option, by its name (case-insensitive).
LibraryOptionKind library_option_kind(std::string_view key);

/// Every option of `config` that would load native code, in document order. A system_name value
/// is allowed when it has no directory part, is not "." or "..", and no file of that name lies in
/// `bundle_dir` or `working_dir`.
std::vector<NativeCodeOption> find_native_code_options(const ConfigJson& config,
                                                       const std::filesystem::path& bundle_dir,
                                                       const std::filesystem::path& working_dir);

/// Throws UsageError naming the first option found (and how many more there are) and the fix
/// (--allow-custom-ops) unless `allow` is true or there is none.
void require_no_native_code(const GenaiConfig& config, bool allow);

}  // namespace winml::bundle
