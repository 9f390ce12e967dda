#pragma once
/// \file
/// Small real ONNX files for compile tests, written with the ONNX protobuf library (tests may
/// link it; winml_core does not).

#include <filesystem>
#include <string>

namespace winml::test {

/// Writes Y = X + W (float[4]) to `path`. With external_data, W's bytes go to `<file name>.data`
/// beside it (the layout GenAI bundles use) and the model names that file as W's location.
void write_source_model(const std::filesystem::path& path, bool external_data = true);

/// A serialized EPContext model as ONNX Runtime's compile API writes one: one com.microsoft
/// EPContext node; with embed the context bytes are in the node, else `context` names its file. A
/// non-empty compatibility_info goes into the metadata as "ep_compatibility_info.<ep>", as ONNX
/// Runtime stores what the EP reports.
std::string epcontext_model_bytes(const std::string& ep, bool embed, const std::string& context,
                                  const std::string& compatibility_info = "");

/// A serialized valid model without EPContext nodes whose last field is its only opset_import,
/// so that every strict prefix of it is an incomplete model.
std::string plain_model_bytes();

/// Writes bytes to a file (replacing it).
void write_bytes(const std::filesystem::path& path, const std::string& bytes);

/// Reads a whole file; empty when missing.
std::string read_bytes(const std::filesystem::path& path);

}  // namespace winml::test
