#pragma once
// ONNX Runtime implementation of engine::OnnxSession.

#include <memory>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Creates a session for spec.model_path. Throws GenaiLoadError naming the file.
std::unique_ptr<OnnxSession> create_onnx_session(const SessionSpec& spec);

}  // namespace winml::engine::impl
