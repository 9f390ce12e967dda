#pragma once
/// \file
/// Real inputs from files, in ONNX's own test-data layout: a folder of input_0.pb, input_1.pb, ...
/// each a serialized TensorProto. A file is matched to a model input by the name it carries, else
/// by its position.

#include <filesystem>
#include <vector>

#include "engine/engine.h"

namespace winml::tensor_files {

/// Loads one tensor per model input from `dir`. Throws UsageError naming the file and the fix for
/// a missing folder, an unreadable or corrupt file, a type or count mismatch, or an input left
/// without data.
std::vector<engine::HostTensor> load_input_data(const std::filesystem::path& dir,
                                                const std::vector<engine::TensorInfo>& inputs);

}  // namespace winml::tensor_files
