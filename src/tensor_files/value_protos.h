#pragma once
/// \file
/// ONNX's serialized values to host values: TensorProto (raw_data, the typed fields, or external
/// data beside the file), SequenceProto and OptionalProto, checked against what the model takes.

#include <filesystem>
#include <string>

#include "engine/engine.h"

namespace winml::tensor_files {

/// What a file gives: a model input, or the output a model is expected to produce.
enum class ValueRole { input, output };

/// The `name` field of a serialized TensorProto, SequenceProto or OptionalProto read as the kind
/// `info` has; empty when absent. Throws UsageError naming `file` when the bytes do not parse.
std::string proto_name(const std::string& bytes, const engine::TensorInfo& info, const std::filesystem::path& file);

/// Parses `bytes` (the content of `file`) as the proto for `info`'s kind and converts it. The
/// element types must equal the model's and a top-level input tensor must fit its shape; the
/// result is named info.name. Throws UsageError naming the file, the input or output, and both
/// types in words.
engine::HostValue parse_value(const std::string& bytes, const engine::TensorInfo& info,
                              const std::filesystem::path& file, ValueRole role);

}  // namespace winml::tensor_files
