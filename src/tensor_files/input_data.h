#pragma once
/// \file
/// Real inputs, and the outputs they should produce, in ONNX's own test-data layout: a folder of
/// input_0.pb, input_1.pb, ... (and output_0.pb, ...), each a serialized TensorProto,
/// SequenceProto or OptionalProto; or a model's test folder holding several such folders named
/// test_data_set_*. A file is matched to a model input or output by the name it carries, else by
/// its position.

#include <filesystem>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace winml::tensor_files {

/// The values of one data-set folder.
struct DataSet {
  std::string name;                        ///< the folder's name, e.g. "test_data_set_0"
  std::vector<engine::HostValue> inputs;   ///< one per model input, in the model's order
  std::vector<engine::HostValue> outputs;  ///< expected outputs in the model's order; empty unless read
};

/// Loads every data set under `dir` (the folder itself when it holds input_N.pb files, else its
/// test_data_set_* folders in numeric order). With read_outputs, each set must also give one
/// output_N.pb per model output. Throws UsageError naming the file and the fix for a missing
/// folder, an unreadable or corrupt file, a type or count mismatch, or an input left without data.
std::vector<DataSet> load_data_sets(const std::filesystem::path& dir, const std::vector<engine::TensorInfo>& inputs,
                                    const std::vector<engine::TensorInfo>& outputs, bool read_outputs);

}  // namespace winml::tensor_files
