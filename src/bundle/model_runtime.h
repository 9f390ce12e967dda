#pragma once
/// \file
/// Which runtime a model path means: a GenAI bundle folder is run by winml-genai, a single .onnx
/// file by winml. Decided from the path alone, before anything loads.

#include <string>

namespace winml::bundle {

/// "winml" or "winml-genai" for `runtime` (auto, winml or winml-genai, as --runtime takes it) and
/// the model path. auto means winml-genai for a folder with a genai_config.json and winml for an
/// .onnx file. Throws UsageError, naming the path and the fix, when the model does not exist, is a
/// device, FIFO or socket, is a folder without genai_config.json or a file of another kind (auto),
/// or does not fit the runtime asked for.
std::string resolve_runtime(const std::string& runtime, const std::string& model);

}  // namespace winml::bundle
