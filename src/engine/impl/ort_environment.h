#pragma once
// The plugin's ONNX Runtime environment and session-option building, shared by plain sessions
// and the compile API.

#include <onnxruntime_cxx_api.h>

#include <vector>

#include "engine/engine.h"

namespace winml::engine::impl {

/// The process-wide Ort::Env (created on first use; ONNX Runtime shares it with GenAI).
Ort::Env& ort_env();

/// Whether ONNX Runtime's telemetry events are wanted: applied to the environment now if it
/// exists, else when ort_env() creates it. Off until called.
void set_ort_telemetry(bool enabled);

/// Releases the environment (at shutdown).
void release_ort_env();

/// Session options with the given providers appended: plugin EP devices through the V2 API when
/// ONNX Runtime knows a device for that EP, else the provider's legacy registration. CPU needs
/// nothing. Throws GenaiLoadError naming the provider when it cannot be added.
Ort::SessionOptions make_session_options(const std::vector<ProviderSpec>& providers, int intra_op_threads);

}  // namespace winml::engine::impl
