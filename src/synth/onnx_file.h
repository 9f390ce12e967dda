#pragma once
/// \file
/// Writing and checking .onnx files.

#include <onnx/onnx_pb.h>

#include <filesystem>

namespace winml::synth {

/// Serializes `model` and writes it atomically to `path` (replacing an existing file).
/// Throws winml::Error (runtime) when serialization or the write fails.
void save_model(const onnx::ModelProto& model, const std::filesystem::path& path);

/// Teaches the ONNX checker ONNX Runtime's SimplifiedLayerNormalization, which ONNX Runtime
/// registers in the ai.onnx domain (so the checker would otherwise reject it as an unknown
/// standard operator). com.microsoft operators need nothing: the checker skips unknown
/// non-standard domains. Idempotent and thread-safe.
void register_ort_schemas();

/// Runs onnx::checker on a written model file, resolving external data next to it.
/// Throws winml::Error (runtime) naming the file and the checker's complaint.
void check_model_file(const std::filesystem::path& path);

}  // namespace winml::synth
