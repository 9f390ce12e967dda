#pragma once
/// \file
/// Per-EP compile configuration: for an EP on a device, whether it produces EPContext models and
/// which provider options the compile passes. The orchestration (stage_compiler.h) asks only this;
/// it never tests an EP's name. EP-specific knowledge lives in one table in compile_config.cpp.

#include <map>
#include <string>
#include <string_view>

namespace winml::compile {

/// Provider options as ONNX Runtime takes them; std::map keeps them sorted for cache keys.
using ProviderOptions = std::map<std::string, std::string>;

/// How one EP compiles on one device.
struct CompileConfig {
  std::string ep;           ///< canonical EP name ("QNNExecutionProvider"), or the name as given when unknown
  std::string alias;        ///< short name for artifact file names ("qnn")
  std::string device;       ///< the device compiled for ("npu"); the EP's primary one when none was given
  bool epcontext = false;   ///< true: compile to an EPContext model; false: stay just-in-time
  std::string reason;       ///< why the stage stays just-in-time, when epcontext is false
  ProviderOptions options;  ///< provider options the compile passes (the stage's plus the EP's defaults)
};

/// The compile configuration for `ep` (canonical name or alias, case-insensitive) on `device`
/// (npu/gpu/cpu; empty = the EP's primary device) with the stage's own provider options. Unknown
/// EPs and devices the EP does not target give epcontext=false with a reason; never throws.
CompileConfig compile_config_for(std::string_view ep, std::string_view device, const ProviderOptions& stage_options);

}  // namespace winml::compile
