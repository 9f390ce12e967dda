#pragma once
/// \file
/// Finds and loads the winml_engine plugin (and through it ONNX Runtime and GenAI) on first use.

#include <string>

#include "engine/engine.h"

namespace winml::engine {

/// Loads the plugin if needed and returns the engine. Throws GenaiNotInstalledError naming the
/// library that could not be loaded. Telemetry is switched off before the libraries load
/// (ORT_DISABLE_TELEMETRY=1 in the environment, then GenAI's and ONNX Runtime's API switches) unless
/// set_telemetry_opt_in(true) was called before.
Engine& get();

/// True once get() has loaded the plugin.
bool is_loaded();

/// Call before get(): keep GenAI's telemetry on (off by default).
void set_telemetry_opt_in(bool enabled);

/// Routes the engines' log lines (see Engine::set_log_sink); applied at load when called before
/// get(), at once otherwise. Until then, lines of severity error and above go to stderr plainly.
void set_log_sink(LogSeverity min_severity, LogSink sink);

/// Path of the plugin get() would load (WINML_ENGINE_PATH overrides the search).
std::string plugin_path();

/// Calls Engine::shutdown() if the engine was loaded. Every model must be destroyed first.
void shutdown();

}  // namespace winml::engine
