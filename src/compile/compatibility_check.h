#pragma once
/// \file
/// Asking the runtime whether a compiled (EPContext) model suits the devices it will run on, and
/// what the answer means for a cached artifact: reuse it, recompile it, or (when even a fresh
/// compile is unsupported) run the stage just-in-time. The question itself is the caller's (the
/// session layer asks ONNX Runtime through the engine), so this module stays engine-free.

#include <filesystem>
#include <functional>
#include <string>

#include "compile/compile_config.h"
#include "compile/compile_result.h"

namespace winml::compile {

/// Says whether a compiled model whose EP wrote `compatibility_info` into it suits the devices
/// `config` names (its EP on its device). May throw winml::Error when the runtime cannot tell; an
/// empty check checks nothing.
using CompatibilityCheck =
    std::function<Compatibility(const std::string& compatibility_info, const CompileConfig& config)>;

/// The model's metadata key for an EP's compatibility info, as ONNX Runtime's compile API writes
/// it: "ep_compatibility_info.<EP name>".
std::string compatibility_info_key(const std::string& ep);

/// The verdict on `model`: its compatibility info for config.ep read from its metadata
/// (onnx_scan.h; none = not_applicable), then asked of `check`. not_checked when there is no check,
/// the model cannot be read, or the check threw (then `problem`, if given, says why). A failed
/// check never blocks a run: ONNX Runtime checks again when it loads the model.
Compatibility check_compatibility(const CompatibilityCheck& check, const std::filesystem::path& model,
                                  const CompileConfig& config, std::string* problem = nullptr);

/// Why a cached artifact with this verdict is compiled again, or empty to reuse it: unsupported
/// always recompiles; prefer_recompile recompiles (the compile step runs only when asked to,
/// e.g. under --compile).
std::string recompile_reason(Compatibility verdict, const CompileConfig& config);

/// The warning for a stage that runs from an EPContext model which cannot be recompiled here
/// (e.g. the bundle ships it precompiled): empty when the verdict needs none.
std::string stale_model_warning(const std::string& stage, Compatibility verdict, const CompileConfig& config);

}  // namespace winml::compile
