#pragma once
/// \file
/// The compile module's compatibility question (compile/compatibility_check.h) put to the engine:
/// ONNX Runtime's GetModelCompatibilityForEpDevices for the EP devices a stage runs on.

#include "compile/compatibility_check.h"
#include "engine/engine.h"

namespace winml::session {

/// The verdict in the compile module's terms.
compile::Compatibility to_compile_compatibility(engine::ModelCompatibility verdict);

/// A check that asks `engine` (which must outlive it) about a compiled model's compatibility info
/// on the EP and device of a compile configuration, as a session would append them. Throws what
/// the engine throws.
compile::CompatibilityCheck engine_compatibility_check(engine::Engine& engine);

}  // namespace winml::session
