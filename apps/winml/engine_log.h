#pragma once
/// \file
/// How ONNX Runtime's and GenAI's own log lines reach the user: on stderr, without colour codes,
/// prefixed with their source, at the verbosity the command's -v/-q chose.

#include "engine/engine.h"

namespace winml::cli {

/// The engine log lines shown at a verbosity: -q (< 0) none; default (0) warnings only, because
/// an engine error comes back as winml's own error message and printing ORT's line too would say
/// it twice; -v (1) adds the engines' error lines; -vv (2) info; -vvv (3+) everything (verbose).
bool show_engine_line(int verbosity, engine::LogSeverity severity);

/// Routes the engines' log lines to stderr as "onnxruntime: warning: TEXT" according to
/// show_engine_line. Loads nothing: applied when the engines load (or at once if loaded).
void route_engine_logs(int verbosity);

}  // namespace winml::cli
