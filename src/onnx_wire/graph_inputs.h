#pragma once
/// \file
/// The names of an ONNX file's main graph inputs, read from the wire format: what a check of how a
/// model is fed (session/bundle_check.h: a paged KV cache) needs, without reading its weights.

#include <filesystem>
#include <string>
#include <vector>

namespace winml::onnx_wire {

/// The main graph's input names in order; empty when the file cannot be read or is malformed
/// (the load that follows names that problem). Never throws.
std::vector<std::string> graph_input_names(const std::filesystem::path& path);

}  // namespace winml::onnx_wire
