#pragma once
/// \file
/// A test seam for crash safety: preparation calls checkpoint() right after every step that
/// changes files on disk. Tests install a hook that kills the process at the N-th step, then check
/// that no later run trusts what was left. Without a hook a checkpoint costs one atomic load.

#include <string_view>

namespace winml::compile {

/// Called with the step's name, e.g. "artifact-file-moved".
using CheckpointHook = void (*)(std::string_view step);

/// Installs (or, with nullptr, removes) the process-wide hook.
void set_checkpoint_hook(CheckpointHook hook);

/// Reports that `step` has just completed.
void checkpoint(std::string_view step);

}  // namespace winml::compile
