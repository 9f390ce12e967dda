#pragma once
/// \file
/// Per-EP compile configuration: for an EP on a device, whether it produces EPContext models and
/// which provider options the compile passes. The orchestration (stage_compiler.h) asks only this;
/// it never tests an EP's name. The EP-specific knowledge is in the catalog's columns (epcontext,
/// compile_sets_device, device_option: ep/catalog.h).

#include <string>
#include <string_view>

#include "ep/catalog.h"

namespace winml::compile {

/// Provider options as ONNX Runtime takes them; std::map keeps them sorted for cache keys.
using ProviderOptions = ep::ProviderOptions;

/// How one EP compiles on one device.
struct CompileConfig {
  std::string ep;           ///< canonical EP name ("QNNExecutionProvider"), or the name as given when unknown
  std::string alias;        ///< short name for artifact file names ("qnn")
  std::string device;       ///< the device compiled for ("npu"); the EP's primary one when none was given
  bool epcontext = false;   ///< true: compile to an EPContext model; false: stay just-in-time
  std::string reason;       ///< why the stage stays just-in-time, when epcontext is false
  ProviderOptions options;  ///< provider options the compile passes (the stage's plus the EP's defaults)
};

/// The compile configuration for a catalog EP on `device` (npu/gpu/cpu; empty = the EP's primary
/// device) with the stage's own provider options. A device the EP does not target gives
/// epcontext=false with a reason; never throws.
CompileConfig compile_config_for(const ep::EpInfo& ep, std::string_view device, const ProviderOptions& stage_options);

/// Same for an EP named as a bundle stage or a worker request writes it (canonical name or alias,
/// case-insensitive): unknown names give epcontext=false with a reason.
CompileConfig compile_config_for(std::string_view ep, std::string_view device, const ProviderOptions& stage_options);

}  // namespace winml::compile
