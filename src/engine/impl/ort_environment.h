#pragma once
// The plugin's ONNX Runtime environment and session-option building, shared by plain sessions
// and the compile API.

#include <onnxruntime_cxx_api.h>

#include <string>
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

/// "cpu", "gpu" or "npu" for ONNX Runtime's hardware device type (other types count as cpu).
std::string device_type_name(OrtHardwareDeviceType type);

/// Session options with the given providers appended: the EP devices select_ep_devices picks (EP
/// name and hardware type) through the V2 API, else the provider's legacy registration when
/// ONNX Runtime lists no device at all for the EP. Throws GenaiLoadError naming the provider when
/// it cannot be added, or when its EP has devices but none of the requested type.
Ort::SessionOptions make_session_options(const std::vector<ProviderSpec>& providers, int intra_op_threads);

/// make_session_options for a plain session: also the spec's config entries and graph optimisation
/// level, and `session.record_ep_graph_assignment_info` so that its placement can be read. Throws
/// GenaiLoadError for an unknown optimisation level.
Ort::SessionOptions make_session_options(const SessionSpec& spec);

}  // namespace winml::engine::impl
