#include "bundle/model_runtime.h"

#include <filesystem>

#include "platform/file_kind.h"
#include "winml/errors.h"

namespace winml::bundle {

std::string resolve_runtime(const std::string& runtime, const std::string& model) {
  namespace fs = std::filesystem;
  if (!fs::exists(model)) {
    throw UsageError("model '" + model + "' does not exist. Pass a GenAI bundle folder or an .onnx file with -m.");
  }
  bool is_bundle = fs::is_directory(model);
  if (!is_bundle && platform::file_kind(model) != platform::FileKind::regular) {
    // ONNX Runtime would block on a FIFO and never finish reading a device.
    throw UsageError("model '" + model +
                     "' is a device, FIFO or socket, not a file. Pass a GenAI bundle folder or an .onnx file with -m.");
  }
  if (runtime == "auto") {
    if (is_bundle) {
      if (!fs::exists(fs::path(model) / "genai_config.json")) {
        throw UsageError("'" + model + "' is a folder without genai_config.json, so it is not a GenAI bundle. " +
                         "Pass a bundle folder or an .onnx file.");
      }
      return "winml-genai";
    }
    if (fs::path(model).extension() != ".onnx") {
      throw UsageError("cannot tell the runtime for '" + model +
                       "': pass a bundle folder or an .onnx file, or choose one with --runtime winml|winml-genai.");
    }
    return "winml";
  }
  if (runtime == "winml-genai" && !is_bundle) {
    throw UsageError("--runtime winml-genai needs a bundle folder, but '" + model + "' is a file.");
  }
  if (runtime == "winml" && is_bundle) {
    throw UsageError("--runtime winml needs an .onnx file, but '" + model +
                     "' is a folder. Use --runtime winml-genai for bundles.");
  }
  return runtime;
}

}  // namespace winml::bundle
